import { DISCOS, ELECTRICITY_FEE_KOBO, METER_TYPES } from '@vendo/shared/constants';
import { formatNaira, isValidNaira, koboToNaira, nairaToKobo } from '@vendo/shared/money';
import {
  ZBuyElectricityRequest,
  ZValidateMeterRequest,
  type TBuyElectricityRequest,
  type TValidateMeterRequest,
} from '@vendo/shared/schemas/purchase';
import type {
  TElectricityPurchaseResponse,
  TPurchaseResponse,
  TValidateMeterResponse,
} from '@vendo/shared/schemas/purchase.responses';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PausedNotice } from '@/components/ui/paused-notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { useForm } from '@/lib/use-form';
import { usePausedService } from '../hooks/use-paused';
import { validate } from '@/lib/validation';
import '@/styles/components/select.css';
import '../vending.css';
import { useBuyElectricityMutation } from '../api/buy-electricity.api';
import { isUncertainFailure, priceChangeOf, purchaseAnswerOfError } from '../api/purchase-answer';
import { useValidateMeterMutation } from '../api/validate-meter.api';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useShowReceipt } from '../hooks/use-show-receipt';
import { WalletBalance } from '@/components/ui/wallet-balance';
import { PriceChangeDialog, type TPriceChange } from './price-change';

const DISCO_OPTIONS = DISCOS.map((disco) => ({ value: String(disco.id), label: disco.name }));
const METER_TYPE_OPTIONS = METER_TYPES.map((type) => ({
  value: type,
  label: type === 'prepaid' ? 'Prepaid' : 'Postpaid',
}));

const ELECTRICITY_FALLBACK_ERROR =
  'The purchase could not be confirmed. Check your balance and transactions before trying again.';

const amountKobo = (amount: string): number | null =>
  amount.trim() !== '' && isValidNaira(amount.trim()) ? nairaToKobo(amount.trim()) : null;

/**
 * /profile/electricity, two steps (docs/product-rules.md#electricity): validate the meter (the
 * owner's name shows and the meter is locked), then buy; the charge shown is the amount plus ₦50.
 */
export const ElectricityPage = () => {
  // Both steps' fields, and one alert: the meter form's until it is validated, then the amount's.
  const form = useForm({ meterId: '', meterType: 'prepaid', meterNumber: '', amount: '' });
  const paused = usePausedService('electricity');
  const { meterId, meterType, meterNumber, amount } = form.values;
  const [meter, setMeter] = useState<TValidateMeterResponse | null>(null);
  // The server said the charge is not the one shown: a dialog asks before buying at the new one.
  const [priceChange, setPriceChange] = useState<TPriceChange | null>(null);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const showReceipt = useShowReceipt();
  const [validateMeter, { isLoading: checking }] = useValidateMeterMutation();
  const [buyElectricity, { isLoading: buying }] = useBuyElectricityMutation();

  const isValidated = meter !== null;
  const faceKobo = amountKobo(amount);
  const disco = DISCOS.find((d) => String(d.id) === meterId);

  const meterRequest = (): TValidateMeterRequest => ({
    meterNumber: meterNumber.trim(),
    meterId: meterId === '' ? '' : Number(meterId),
    meterType: meterType as TValidateMeterRequest['meterType'],
  });

  const onValidate = form.handleSubmit(async () => {
    const body = meterRequest();
    if (!form.check(validate(ZValidateMeterRequest, body))) return;
    try {
      setMeter(await validateMeter(body).unwrap());
    } catch (error) {
      // The alert marks the meter number: that is what the buyer checks and types again.
      const message = errorMessage(error, 'The meter could not be checked. Please try again.');
      toast.error(message);
      form.fail(message, ['meterNumber']);
    }
  });

  const changeMeter = () => {
    setMeter(null);
    form.set('amount', '');
    form.clearAlert();
    idempotency.reset();
  };

  const finish = (answer: TPurchaseResponse) => {
    idempotency.reset();
    const electricity = answer as Partial<TElectricityPurchaseResponse>;
    showReceipt(answer, {
      product: `${disco?.name ?? answer.receipt.trans_Network} ${meterType} electricity`,
      token: electricity.token ?? null,
      meterNumber: electricity.meterNumber ?? meterNumber.trim(),
      customerName: electricity.customerName ?? meter?.name,
      meterType,
    });
    // The meter check resets after an electricity purchase.
    setMeter(null);
    form.setValues((current) => ({ ...current, amount: '', meterNumber: '' }));
  };

  /**
   * Pays at the charge the buyer saw (expectedAmount): the form's, or the new one they confirmed
   * in the price-change dialog.
   */
  const buy = async (expectedAmount: number) => {
    const body: TBuyElectricityRequest = {
      ...meterRequest(),
      amount: faceKobo === null ? amount.trim() : koboToNaira(faceKobo),
      expectedAmount,
    };
    setRetryMessage(null);
    try {
      const answer = await buyElectricity({
        body,
        idempotencyKey: idempotency.keyFor(body),
      }).unwrap();
      setPriceChange(null);
      finish(answer);
    } catch (error) {
      const answer = purchaseAnswerOfError(error);
      if (answer) {
        setPriceChange(null);
        finish(answer);
        return;
      }
      const changed = priceChangeOf(error);
      if (changed) {
        // Nothing was bought; confirming the new charge is a new purchase, with a new key.
        idempotency.reset();
        setPriceChange(changed);
        return;
      }
      const message = errorMessage(error, ELECTRICITY_FALLBACK_ERROR);
      toast.error(message);
      if (isUncertainFailure(error)) {
        if (priceChange) {
          setRetryMessage(message); // the dialog stays, with the same key
          return;
        }
      } else {
        idempotency.reset();
      }
      setPriceChange(null);
      form.fail(message);
    }
  };

  // buy() shows its own errors: a receipt, the price-change dialog, or the alert.
  const onBuy = form.handleSubmit(async () => {
    if (buying) return; // the price-change dialog's purchase is still running
    const data = form.check(
      validate(ZBuyElectricityRequest, {
        ...meterRequest(),
        amount: faceKobo === null ? amount.trim() : koboToNaira(faceKobo),
      }),
    );
    if (!data) return;
    // The charge the form shows: the amount plus the fee.
    await buy(koboToNaira(data.amount + ELECTRICITY_FEE_KOBO));
  });

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="electricity-title">
        <h1 className="card-title" id="electricity-title">
          Electricity
        </h1>
        <WalletBalance />
        <ol className="steps" aria-label="Steps">
          <li aria-current={!isValidated ? 'step' : undefined} data-done={isValidated}>
            Validate meter
          </li>
          <li aria-current={isValidated ? 'step' : undefined}>Buy token</li>
        </ol>

        <form className="form" onSubmit={onValidate} noValidate aria-label="Validate meter">
          <PausedNotice message={paused} />
          {!isValidated && <FormAlert message={form.alert} id={form.alertId} />}
          <SelectField
            label="Electricity company"
            name="meterId"
            placeholder="Select company"
            options={DISCO_OPTIONS}
            value={meterId}
            onChange={form.onChange}
            disabled={isValidated}
            invalid={!isValidated && form.isInvalid('meterId')}
            errorId={!isValidated && form.isInvalid('meterId') ? form.alertId : undefined}
          />
          <SelectField
            label="Meter type"
            name="meterType"
            options={METER_TYPE_OPTIONS}
            value={meterType}
            onChange={form.onChange}
            disabled={isValidated}
            invalid={!isValidated && form.isInvalid('meterType')}
            errorId={!isValidated && form.isInvalid('meterType') ? form.alertId : undefined}
          />
          <TextField
            label="Meter number"
            name="meterNumber"
            inputMode="numeric"
            autoComplete="off"
            value={meterNumber}
            onChange={(event) => form.set('meterNumber', event.target.value.replace(/\D/g, ''))}
            readOnly={isValidated}
            invalid={!isValidated && form.isInvalid('meterNumber')}
            errorId={!isValidated && form.isInvalid('meterNumber') ? form.alertId : undefined}
          />
          {isValidated ? (
            <div className="validated-box" data-testid="meter-owner">
              <TextField label="Meter owner" name="meterOwner" value={meter.name} readOnly />
              {meter.address && <p className="muted small">{meter.address}</p>}
              <button type="button" className="btn btn-ghost btn-sm" onClick={changeMeter}>
                Change meter
              </button>
            </div>
          ) : (
            <button
              type="submit"
              className="btn btn-primary btn-block btn-lg"
              disabled={checking || paused !== null}
            >
              {checking ? 'Checking...' : 'Validate meter'}
            </button>
          )}
        </form>

        {isValidated && (
          <form className="form step-two" onSubmit={onBuy} noValidate aria-label="Buy electricity">
            <FormAlert message={form.alert} id={form.alertId} />
            <TextField
              label="Amount (₦)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={form.onChange}
              invalid={form.isInvalid('amount')}
              hint="Minimum ₦500"
              autoFocus
            />
            {faceKobo !== null && (
              <p className="charge-line" data-testid="electricity-charge">
                <span>
                  You will be charged
                  <small>
                    {formatNaira(faceKobo)} + {formatNaira(ELECTRICITY_FEE_KOBO)} fee
                  </small>
                </span>
                <strong>{formatNaira(faceKobo + ELECTRICITY_FEE_KOBO)}</strong>
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary btn-block btn-lg"
              disabled={buying || paused !== null}
            >
              {buying ? 'Buying...' : 'Buy now'}
            </button>
          </form>
        )}
      </section>

      <aside className="purchase-aside">
        <section className="card" aria-labelledby="electricity-help-title">
          <h2 className="card-title" id="electricity-help-title">
            How it works
          </h2>
          <ul className="help-list small">
            <li>We check the meter with your electricity company first, so you see whose it is.</li>
            <li>
              A prepaid meter gets a 20-digit token to key in; a postpaid payment goes to the
              account.
            </li>
            <li>
              Minimum ₦500. A {formatNaira(ELECTRICITY_FEE_KOBO)} service fee is added to each
              purchase.
            </li>
          </ul>
        </section>
      </aside>

      {priceChange && (
        <PriceChangeDialog
          change={priceChange}
          product={`${disco?.name ?? 'Electricity'} ${meterType} meter ${meterNumber.trim()}, ${formatNaira(faceKobo ?? 0)} token`}
          retryMessage={retryMessage}
          busy={buying}
          onCancel={() => setPriceChange(null)}
          onConfirm={() => void buy(priceChange.currentAmount)}
        />
      )}
    </div>
  );
};
