import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatNairaAmount } from '@vendo/shared/money';
import { normalisePhone } from '@vendo/shared/phone';
import {
  ZBuyCableRequest,
  ZCableVerifyRequest,
  type TBuyCableRequest,
  type TCableVerifyRequest,
} from '@vendo/shared/schemas/bills';
import type { TCableProvider } from '@vendo/shared/constants';
import type { TCableVerifyResponse } from '@vendo/shared/schemas/bills.responses';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PausedNotice } from '@/components/ui/paused-notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { WalletBalance } from '@/components/ui/wallet-balance';
import { errorMessage } from '@/lib/api-error';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import '@/styles/components/select.css';
import '../vending.css';
import '../bills.css';
import { usePausedBillsService } from '../hooks/use-paused';
import { useBuyCableMutation } from '../api/buy-cable.api';
import { useGetCablePlansQuery } from '../api/get-cable-plans.api';
import { useVerifyCableMutation } from '../api/verify-cable.api';
import { useConfirmedPurchase } from '../hooks/use-confirmed-purchase';
import {
  cableProduct,
  formatDueDate,
  PROVIDER_OPTIONS,
  smartcardLabel,
  toProvider,
} from '../lib/bills';
import { PurchaseConfirm } from './purchase-confirm';

type TMode = 'renew' | 'change';

/** What the form would send: the shared schema checks it (a provider may not be chosen yet). */
type TDraft<T> = Omit<T, 'provider'> & { provider: TCableProvider | '' };

/**
 * /profile/tv (docs/product-rules.md#cable-tv), two steps: verify the smartcard (the subscriber's
 * name, bouquet and due date show and the card is locked), then renew the current bouquet at the
 * quoted renewal amount or change to a bouquet from the list, confirm, receipt.
 */
export const TvPage = () => {
  const form = useForm({ provider: '', smartcardNumber: '', planCode: '', phone: '' });
  const { smartcardNumber, planCode, phone } = form.values;
  const provider = toProvider(form.values.provider);
  const paused = usePausedBillsService(provider);
  const [card, setCard] = useState<TCableVerifyResponse | null>(null);
  const [mode, setMode] = useState<TMode>('renew');
  const [verifyCable, { isLoading: checking }] = useVerifyCableMutation();
  const [buyCable, { isLoading: buying }] = useBuyCableMutation();
  const plansQuery = useGetCablePlansQuery(provider || skipToken);
  const plans = plansQuery.currentData?.plans ?? [];

  const isVerified = card !== null;
  const canRenew = card?.renewalAmount != null;
  // A card that cannot be renewed (no bouquet, or one no longer sold) can only change.
  const subscription: TMode = canRenew ? mode : 'change';
  const plan = plans.find((item) => item.code === planCode) ?? null;
  const cost = subscription === 'renew' ? (card?.renewalAmount ?? 0) : (plan?.amount ?? 0);
  const bouquet = subscription === 'renew' ? (card?.currentBouquet ?? '') : (plan?.name ?? '');

  const purchase = useConfirmedPurchase(() => {
    setCard(null);
    form.setValues((current) => ({ ...current, smartcardNumber: '', planCode: '', phone: '' }));
  });

  const verifyRequest = (): TDraft<TCableVerifyRequest> => ({
    provider,
    smartcardNumber: smartcardNumber.trim(),
  });

  const buyRequest = (): TDraft<TBuyCableRequest> => ({
    provider,
    smartcardNumber: smartcardNumber.trim(),
    phone: normalisePhone(phone) ?? phone.trim(),
    subscriptionType: subscription,
    ...(subscription === 'renew' ? { quoteId: card?.quoteId ?? '' } : { planCode }),
  });

  const onVerify = form.handleSubmit(async () => {
    const body = form.check(validate(ZCableVerifyRequest, verifyRequest()));
    if (!body) return;
    try {
      const answer = await verifyCable(body).unwrap();
      setCard(answer);
      setMode(answer.renewalAmount != null ? 'renew' : 'change');
      // Showmax's "smartcard" is the phone: the receipt's phone is the same unless changed.
      if (provider === 'showmax' && !phone) form.set('phone', body.smartcardNumber);
    } catch (error) {
      const message = errorMessage(error, 'The smartcard could not be checked. Please try again.');
      toast.error(message);
      form.fail(message, ['smartcardNumber']);
    }
  });

  const changeCard = () => {
    setCard(null);
    form.set('planCode', '');
    form.clearAlert();
  };

  const onBuy = form.handleSubmit(() => {
    if (!form.check(validate(ZBuyCableRequest, buyRequest()))) return;
    purchase.open();
  });

  const buyNow = async () => {
    const checked = validate(ZBuyCableRequest, buyRequest());
    if (!checked.ok) return;
    const message = await purchase.send(checked.data, (arg) => buyCable(arg).unwrap(), {
      product: cableProduct(provider, bouquet, subscription),
      customerName: card?.customerName,
    });
    if (message) form.fail(message);
  };

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="tv-title">
        <h1 className="card-title" id="tv-title">
          TV subscription
        </h1>
        <WalletBalance />
        <ol className="steps" aria-label="Steps">
          <li aria-current={!isVerified ? 'step' : undefined} data-done={isVerified}>
            Verify smartcard
          </li>
          <li aria-current={isVerified ? 'step' : undefined}>Pay</li>
        </ol>

        <form className="form" onSubmit={onVerify} noValidate aria-label="Verify smartcard">
          <PausedNotice message={paused} />
          {!isVerified && <FormAlert message={form.alert} id={form.alertId} />}
          <SelectField
            label="Provider"
            placeholder="Select provider"
            options={PROVIDER_OPTIONS}
            {...form.field('provider')}
            onChange={(event) =>
              form.setValues({ ...form.values, provider: event.target.value, planCode: '' })
            }
            disabled={isVerified}
          />
          <TextField
            label={smartcardLabel(provider)}
            name="smartcardNumber"
            inputMode="numeric"
            autoComplete="off"
            value={smartcardNumber}
            onChange={(event) => form.set('smartcardNumber', event.target.value.replace(/\D/g, ''))}
            readOnly={isVerified}
            invalid={!isVerified && form.isInvalid('smartcardNumber')}
            errorId={!isVerified && form.isInvalid('smartcardNumber') ? form.alertId : undefined}
          />
          {isVerified ? (
            <div className="validated-box" data-testid="cable-customer">
              <dl className="summary-list cable-summary">
                <div>
                  <dt>Customer</dt>
                  <dd>{card.customerName}</dd>
                </div>
                <div>
                  <dt>Current bouquet</dt>
                  <dd>{card.currentBouquet ?? 'None'}</dd>
                </div>
                {card.dueDate && (
                  <div>
                    <dt>Due date</dt>
                    <dd>{formatDueDate(card.dueDate)}</dd>
                  </div>
                )}
              </dl>
              <button type="button" className="btn btn-ghost btn-sm" onClick={changeCard}>
                Change smartcard
              </button>
            </div>
          ) : (
            <button
              type="submit"
              className="btn btn-primary btn-block btn-lg"
              disabled={checking || paused !== null}
            >
              {checking ? 'Checking...' : 'Verify'}
            </button>
          )}
        </form>

        {isVerified && (
          <form className="form step-two" onSubmit={onBuy} noValidate aria-label="Pay subscription">
            <FormAlert message={form.alert} id={form.alertId} />
            <fieldset className="choice-row">
              <legend>What to pay for</legend>
              <label>
                <input
                  type="radio"
                  name="subscriptionType"
                  value="renew"
                  checked={subscription === 'renew'}
                  disabled={!canRenew}
                  onChange={() => setMode('renew')}
                />
                Renew
              </label>
              <label>
                <input
                  type="radio"
                  name="subscriptionType"
                  value="change"
                  checked={subscription === 'change'}
                  onChange={() => setMode('change')}
                />
                Change bouquet
              </label>
            </fieldset>
            {subscription === 'change' && (
              <SelectField
                label="Bouquet"
                placeholder={
                  plansQuery.isFetching && !plans.length ? 'Loading bouquets...' : 'Select bouquet'
                }
                options={plans.map((item) => ({
                  value: item.code,
                  label: `${item.name} - ${formatNairaAmount(item.amount)}`,
                }))}
                {...form.field('planCode')}
              />
            )}
            <TextField
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              {...form.field('phone')}
              hint="For the provider's confirmation"
            />
            {cost > 0 && (
              <p className="charge-line" data-testid="cable-charge">
                <span>
                  You pay
                  <small>{bouquet}</small>
                </span>
                <strong>{formatNairaAmount(cost)}</strong>
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary btn-block btn-lg"
              disabled={paused !== null}
            >
              {subscription === 'renew' ? 'Renew' : 'Buy'}
            </button>
          </form>
        )}
      </section>

      <aside className="purchase-aside">
        <section className="card" aria-labelledby="tv-help-title">
          <h2 className="card-title" id="tv-help-title">
            How it works
          </h2>
          <ul className="help-list small">
            <li>We check the smartcard with the provider first, so you see whose it is.</li>
            <li>Renew pays for the current bouquet; Change bouquet moves to another one.</li>
            <li>Showmax has no smartcard: enter the phone number the account uses.</li>
          </ul>
        </section>
      </aside>

      {purchase.confirming && card && (
        <PurchaseConfirm
          description="Check the details: a subscription paid to a wrong smartcard cannot be reversed."
          rows={[
            ['Subscription', cableProduct(provider, bouquet, subscription)],
            [provider === 'showmax' ? 'Account' : 'Smartcard', smartcardNumber.trim()],
            ['Customer', card.customerName],
            ['Phone number', buyRequest().phone],
          ]}
          cost={cost}
          priceChange={purchase.priceChange}
          retryMessage={purchase.retryMessage}
          busy={buying}
          onCancel={purchase.close}
          onConfirm={() => void buyNow()}
        />
      )}
    </div>
  );
};
