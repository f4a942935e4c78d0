import { AIRTIME_NETWORK_CODES, AIRTIME_RATE_BP } from '@vendo/shared/constants';
import {
  basisPointsOfKobo,
  formatNaira,
  isValidNaira,
  koboToNaira,
  nairaToKobo,
} from '@vendo/shared/money';
import { normalisePhone } from '@vendo/shared/phone';
import { ZBuyAirtimeRequest, type TBuyAirtimeRequest } from '@vendo/shared/schemas/purchase';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { useAppSelector } from '@/app/hooks';
import { FormAlert } from '@/components/ui/form-alert';
import { PausedNotice } from '@/components/ui/paused-notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useAddContactMutation } from '@/lib/add-contact.api';
import { errorMessage } from '@/lib/api-error';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import '@/styles/components/select.css';
import '../vending.css';
import { useBuyAirtimeMutation } from '../api/buy-airtime.api';
import {
  isUncertainFailure,
  priceChangeOf,
  PURCHASE_FALLBACK_ERROR,
  purchaseAnswerOfError,
} from '../api/purchase-answer';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { usePausedService } from '../hooks/use-paused';
import { usePhoneNetwork } from '../hooks/use-phone-network';
import { useShowReceipt } from '../hooks/use-show-receipt';
import { NETWORK_OPTIONS, toNetwork } from '../lib/networks';
import { phoneHint } from './phone-hint';
import { PriceChangeDialog, type TPriceChange } from './price-change';
import { PurchaseConfirm } from './purchase-confirm';
import { UssdCodesCard } from './ussd-codes-card';
import { WalletBalance } from '@/components/ui/wallet-balance';

const NICKNAME_REQUIRED = 'Please enter a nickname for the number';

type TAirtimeForm = { amount: string; addToContacts: boolean; nickname: string };

/** Kobo from what the user typed, or null while it is not an amount yet. */
const amountKobo = (amount: string): number | null =>
  amount.trim() !== '' && isValidNaira(amount.trim()) ? nairaToKobo(amount.trim()) : null;

/**
 * /profile/buyairtime: network, phone, amount; shows the charge (99% of the amount, 98% for
 * resellers) and can save the number as a contact once the purchase goes through.
 */
export const BuyAirtimePage = () => {
  // A contact's shortcut passes ?phone=&network= (useSearchParams would add ~0.3 KB to the
  // landing bundle, where the router lives).
  const params = new URLSearchParams(useLocation().search);
  // The session follows every GET /auth answer, so an upgrade's new tier shows here too.
  const userType = useAppSelector((state) => state.auth.user?.userType ?? 'smart earner');
  const { phone, network, detected, ported, changePhone, setNetwork, reset } = usePhoneNetwork({
    phone: params.get('phone') ?? '',
    network: toNetwork(params.get('network')),
  });
  // The network and phone are usePhoneNetwork's (the prefix picks the network).
  const form = useForm<TAirtimeForm>({ amount: '', addToContacts: false, nickname: '' });
  const { amount, addToContacts, nickname } = form.values;
  // The server said the charge is not the one shown: a dialog asks before buying at the new one.
  const [priceChange, setPriceChange] = useState<(TPriceChange & { product: string }) | null>(null);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  // What the buyer is asked to confirm before the debit: the charge the form showed.
  const [confirming, setConfirming] = useState<{
    charge: number;
    product: string;
    phone: string;
    amount: number;
  } | null>(null);
  const idempotency = useIdempotencyKey();
  const showReceipt = useShowReceipt();
  const [buyAirtime, { isLoading: buying }] = useBuyAirtimeMutation();
  const paused = usePausedService('airtime', network);
  const [addContact] = useAddContactMutation();

  const rate = AIRTIME_RATE_BP[userType];
  const faceKobo = amountKobo(amount);
  const chargeKobo = faceKobo === null ? null : basisPointsOfKobo(faceKobo, rate);

  const request = (): TBuyAirtimeRequest => ({
    network: network ? AIRTIME_NETWORK_CODES[network] : '',
    mobile_number: normalisePhone(phone) ?? phone.trim(),
    amount: faceKobo === null ? amount.trim() : koboToNaira(faceKobo),
    ported,
  });

  const saveContact = async (contactNumber: string) => {
    if (!addToContacts || !network) return;
    try {
      const { msg } = await addContact({
        contactName: nickname.trim(),
        contactNumber,
        contactNetwork: network,
      }).unwrap();
      toast.success(msg);
    } catch (error) {
      toast.error(errorMessage(error, 'The contact could not be saved'));
    }
  };

  const finish = async (answer: TPurchaseResponse, product: string) => {
    idempotency.reset();
    setConfirming(null);
    const status = answer.receipt.trans_Status;
    if (status !== 'refunded' && status !== 'failed') await saveContact(request().mobile_number);
    reset(); // the form goes back to MTN
    form.setValues({ amount: '', addToContacts: false, nickname: '' });
    showReceipt(answer, { product });
  };

  /**
   * Buys at the charge the buyer saw (expectedAmount): the form's, or the new one they confirmed
   * in the price-change dialog.
   */
  const buy = async (expectedAmount: number, product: string) => {
    const body: TBuyAirtimeRequest = { ...request(), expectedAmount };
    setRetryMessage(null);
    try {
      const answer = await buyAirtime({ body, idempotencyKey: idempotency.keyFor(body) }).unwrap();
      setPriceChange(null);
      await finish(answer, product);
    } catch (error) {
      const answer = purchaseAnswerOfError(error);
      if (answer) {
        setPriceChange(null);
        await finish(answer, product);
        return;
      }
      const changed = priceChangeOf(error);
      if (changed) {
        // Nothing was bought; confirming the new charge is a new purchase, with a new key.
        idempotency.reset();
        setConfirming(null);
        setPriceChange({ ...changed, product });
        return;
      }
      const message = errorMessage(error, PURCHASE_FALLBACK_ERROR);
      toast.error(message);
      // After no answer the key is kept: pressing Buy again cannot buy twice.
      if (isUncertainFailure(error)) {
        if (priceChange || confirming) {
          setRetryMessage(message); // the dialog stays, with the same key
          return;
        }
      } else {
        idempotency.reset();
      }
      setPriceChange(null);
      setConfirming(null);
      form.fail(message);
    }
  };

  // buy() shows its own errors: a receipt, the price-change dialog, or the alert.
  const onSubmit = form.handleSubmit(async () => {
    if (buying) return; // the price-change dialog's purchase is still running
    const data = form.check(validate(ZBuyAirtimeRequest, request()));
    if (!data) return;
    if (addToContacts && !nickname.trim()) {
      form.fail(NICKNAME_REQUIRED, ['nickname']);
      return;
    }
    // The charge the form shows ("You will be charged"), confirmed before any debit.
    setRetryMessage(null);
    idempotency.reset(); // a new confirmation is a new purchase
    setConfirming({
      charge: koboToNaira(basisPointsOfKobo(data.amount, rate)),
      product: `${formatNaira(data.amount)} ${network} airtime`,
      phone: data.mobile_number,
      amount: data.amount,
    });
  });

  const discount = `${(10_000 - rate) / 100}%`;

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="buy-airtime-title">
        <h1 className="card-title" id="buy-airtime-title">
          Buy airtime
        </h1>
        <WalletBalance />
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Buy airtime">
          <PausedNotice message={paused} />
          <FormAlert message={form.alert} id={form.alertId} />
          <SelectField
            label="Network"
            name="network"
            placeholder="Select network"
            options={NETWORK_OPTIONS}
            value={network}
            onChange={(event) => setNetwork(toNetwork(event.target.value))}
            invalid={form.isInvalid('network')}
          />
          <TextField
            label="Phone number"
            name="mobile_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone}
            onChange={(event) => changePhone(event.target.value)}
            invalid={form.isInvalid('mobile_number')}
            hint={phoneHint(detected, network, ported)}
          />
          <TextField
            label="Amount (₦)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={form.onChange}
            invalid={form.isInvalid('amount')}
            hint="Minimum ₦100"
          />
          {chargeKobo !== null && (
            <p className="charge-line" data-testid="airtime-charge">
              <span>
                You will be charged
                <small>{discount} discount</small>
              </span>
              <strong>{formatNaira(chargeKobo)}</strong>
            </p>
          )}
          <label className="check-field">
            <input
              type="checkbox"
              checked={addToContacts}
              onChange={(event) => form.set('addToContacts', event.target.checked)}
            />
            <span>Add this number to my contacts</span>
          </label>
          {addToContacts && (
            <TextField
              label="Nickname"
              name="nickname"
              autoComplete="off"
              maxLength={40}
              value={nickname}
              onChange={form.onChange}
              invalid={form.isInvalid('nickname')}
            />
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block btn-lg"
            disabled={buying || paused !== null}
          >
            {buying ? 'Buying...' : 'Buy airtime'}
          </button>
        </form>
      </section>

      <aside className="purchase-aside">
        <UssdCodesCard category="airtime" network={network} />
        <p className="card small bulk-hint">
          Topping up many numbers? <Link to="/profile/bulk">Buy in bulk</Link>: up to 500 lines at
          once, pasted or from a CSV file.
        </p>
      </aside>

      {confirming && !priceChange && (
        <PurchaseConfirm
          description="Check the number: airtime sent to a wrong number cannot be reversed."
          rows={[
            ['Network', network],
            ['Phone number', confirming.phone],
            ['Airtime', formatNaira(confirming.amount)],
          ]}
          cost={confirming.charge}
          priceChange={null}
          retryMessage={retryMessage}
          busy={buying}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void buy(confirming.charge, confirming.product)}
        />
      )}

      {priceChange && (
        <PriceChangeDialog
          change={priceChange}
          product={priceChange.product}
          retryMessage={retryMessage}
          busy={buying}
          onCancel={() => setPriceChange(null)}
          onConfirm={() => void buy(priceChange.currentAmount, priceChange.product)}
        />
      )}
    </div>
  );
};
