import { skipToken } from '@reduxjs/toolkit/query/react';
import { DATA_NETWORK_CODES, PLAN_LIST_KEYS } from '@vendo/shared/constants';
import { formatNairaAmount } from '@vendo/shared/money';
import { normalisePhone } from '@vendo/shared/phone';
import { ZBuyDataRequest, type TBuyDataRequest } from '@vendo/shared/schemas/purchase';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import type { TDataPlan } from '@vendo/shared/schemas/catalogue';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { ConfirmActions } from '@/components/ui/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PausedNotice } from '@/components/ui/paused-notice';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { useGetProfileQuery } from '@/lib/profile.api';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import '@/styles/components/select.css';
import '../vending.css';
import { useBuyDataMutation } from '../api/buy-data.api';
import { useGetPlansQuery } from '../api/get-plans.api';
import {
  isUncertainFailure,
  priceChangeOf,
  PURCHASE_FALLBACK_ERROR,
  purchaseAnswerOfError,
} from '../api/purchase-answer';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { usePhoneNetwork } from '../hooks/use-phone-network';
import { useShowReceipt } from '../hooks/use-show-receipt';
import { NETWORK_OPTIONS, toNetwork } from '../lib/networks';
import {
  availablePlans,
  dataTypesOf,
  planLabel,
  planProduct,
  plansFor,
  planValidity,
} from '../lib/plan-options';
import { phoneHint } from './phone-hint';
import { PriceChangeNotice, type TPriceChange } from './price-change';
import { UssdCodesCard } from './ussd-codes-card';
import { usePausedService } from '../hooks/use-paused';
import { WalletBalance } from '@/components/ui/wallet-balance';

/**
 * /profile/buydata (docs/product-rules.md#purchases): network → (MTN) data type → plan → phone →
 * Buy → confirm → Buy now. Changing the network closes the dialog and reloads the plans. A
 * contact's "Data" shortcut opens it with ?phone=&network=.
 */
export const BuyDataPage = () => {
  // A contact's shortcut passes ?phone=&network= (useSearchParams would add ~0.3 KB to the
  // landing bundle, where the router lives).
  const params = new URLSearchParams(useLocation().search);
  // The plans GET /auth priced for this user: shown if POST /prices cannot answer.
  const { savedLists } = useGetProfileQuery(undefined, {
    selectFromResult: ({ data }) => ({ savedLists: data?.subscriptionPlans }),
  });
  const { phone, network, detected, ported, changePhone, setNetwork, reset } = usePhoneNetwork({
    phone: params.get('phone') ?? '',
    network: toNetwork(params.get('network')),
  });
  // The network and phone are usePhoneNetwork's (the prefix picks the network).
  const form = useForm({ dataType: '', plan: '' });
  const { dataType, plan: planId } = form.values;
  const [confirming, setConfirming] = useState(false);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  // The server said the price changed after the dialog showed it: the new one is confirmed next.
  const [priceChange, setPriceChange] = useState<TPriceChange | null>(null);
  const idempotency = useIdempotencyKey();
  const showReceipt = useShowReceipt();
  const [buyData, { isLoading: buying }] = useBuyDataMutation();
  const plansQuery = useGetPlansQuery(network || skipToken, { refetchOnMountOrArgChange: true });
  const paused = usePausedService('data', network);

  // The plans the server just priced; if it cannot answer, the ones of the profile.
  const listed: readonly TDataPlan[] | undefined = network
    ? (plansQuery.currentData ??
      (plansQuery.isError ? savedLists?.[PLAN_LIST_KEYS[network]] : undefined))
    : [];
  const available = availablePlans(listed ?? []);
  const dataTypes = network === 'MTN' ? dataTypesOf(available) : [];
  const options = plansFor(available, network, dataType);
  const plan = options.find((option) => option.id === planId) ?? null;
  // The charge the dialog shows, and the one the purchase confirms (expectedAmount).
  const charge = priceChange?.currentAmount ?? plan?.plan_amount ?? 0;

  const request = (): TBuyDataRequest => ({
    network: network ? DATA_NETWORK_CODES[network] : '',
    mobile_number: normalisePhone(phone) ?? phone.trim(),
    plan: plan?.id ?? '',
    ported,
  });

  const clearPlan = () => {
    form.setValues({ dataType: '', plan: '' });
    setConfirming(false);
    setRetryMessage(null);
    setPriceChange(null);
  };

  const selectNetwork = (value: string) => {
    setNetwork(toNetwork(value));
    clearPlan();
  };

  const onPhoneChange = (value: string) => {
    if (changePhone(value)) clearPlan();
  };

  // Submit opens the confirmation; the dialog's Buy sends the purchase (buyNow).
  const onSubmit = form.handleSubmit(() => {
    if (!form.check(validate(ZBuyDataRequest, request()))) return;
    setRetryMessage(null);
    setPriceChange(null);
    idempotency.reset(); // a new confirmation is a new purchase
    setConfirming(true);
  });

  const finish = (answer: TPurchaseResponse, product: string) => {
    idempotency.reset();
    setConfirming(false);
    reset(); // the form goes back to MTN
    clearPlan();
    showReceipt(answer, { product });
  };

  const buyNow = async () => {
    if (!plan) return;
    const body: TBuyDataRequest = { ...request(), expectedAmount: charge };
    setRetryMessage(null);
    try {
      finish(
        await buyData({ body, idempotencyKey: idempotency.keyFor(body) }).unwrap(),
        planProduct(plan),
      );
    } catch (error) {
      const answer = purchaseAnswerOfError(error);
      if (answer) {
        finish(answer, planProduct(plan));
        return;
      }
      const changed = priceChangeOf(error);
      if (changed) {
        // Nothing was bought. The dialog stays with the new price; confirming it is a new
        // purchase (a new key: the old one keeps this answer), and the list is priced again.
        idempotency.reset();
        setPriceChange(changed);
        void plansQuery.refetch();
        return;
      }
      const message = errorMessage(error, PURCHASE_FALLBACK_ERROR);
      toast.error(message);
      if (isUncertainFailure(error)) {
        setRetryMessage(message); // the dialog stays, with the same key
        return;
      }
      idempotency.reset();
      setConfirming(false);
      setPriceChange(null);
      form.fail(message);
    }
  };

  const planPlaceholder = !network
    ? 'Select a network first'
    : listed === undefined
      ? 'Loading plans...'
      : network === 'MTN' && !dataType
        ? 'Select a data type first'
        : options.length === 0
          ? 'No plans available now'
          : 'Select plan';

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="buy-data-title">
        <h1 className="card-title" id="buy-data-title">
          Buy data
        </h1>
        <WalletBalance />
        <form className="form" onSubmit={onSubmit} noValidate aria-label="Buy data">
          <PausedNotice message={paused} />
          <FormAlert message={form.alert} id={form.alertId} />
          <SelectField
            label="Network"
            name="network"
            placeholder="Select network"
            options={NETWORK_OPTIONS}
            value={network}
            onChange={(event) => selectNetwork(event.target.value)}
            invalid={form.isInvalid('network')}
          />
          {network === 'MTN' && (
            <SelectField
              label="Data type"
              name="dataType"
              placeholder="Select type"
              options={dataTypes.map((type) => ({ value: type, label: type }))}
              value={dataType}
              onChange={(event) => form.setValues({ dataType: event.target.value, plan: '' })}
            />
          )}
          <SelectField
            label="Data plan"
            name="plan"
            placeholder={planPlaceholder}
            options={options.map((option) => ({ value: option.id, label: planLabel(option) }))}
            value={plan ? plan.id : ''}
            onChange={form.onChange}
            disabled={options.length === 0}
            invalid={form.isInvalid('plan')}
          />
          <TextField
            label="Phone number"
            name="mobile_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={phone}
            onChange={(event) => onPhoneChange(event.target.value)}
            invalid={form.isInvalid('mobile_number')}
            hint={phoneHint(detected, network, ported)}
          />
          {plan && (
            <p className="charge-line" data-testid="data-charge">
              <span>You pay</span>
              <strong>{formatNairaAmount(plan.plan_amount)}</strong>
            </p>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block btn-lg"
            disabled={paused !== null}
          >
            Buy
          </button>
        </form>
      </section>

      <aside className="purchase-aside">
        <UssdCodesCard category="data" network={network} />
        <p className="card small bulk-hint">
          Topping up many numbers? <Link to="/profile/bulk">Buy in bulk</Link>: up to 500 lines at
          once, pasted or from a CSV file.
        </p>
      </aside>

      {confirming && plan && (
        <Dialog
          title="Confirm purchase"
          description="Check the details: data sent to a wrong number cannot be reversed."
          onClose={() => !buying && setConfirming(false)}
        >
          {priceChange && <PriceChangeNotice change={priceChange} />}
          <dl className="summary-list">
            <div>
              <dt>Plan</dt>
              <dd>
                {plan.plan_network} {plan.plan} {plan.plan_type}, {planValidity(plan)}
              </dd>
            </div>
            <div>
              <dt>Phone number</dt>
              <dd>{request().mobile_number}</dd>
            </div>
            {ported && (
              <div>
                <dt>Ported number</dt>
                <dd>Sent as {network}</dd>
              </div>
            )}
            <div>
              <dt>Price</dt>
              <dd className="summary-total">{formatNairaAmount(charge)}</dd>
            </div>
          </dl>
          <ConfirmActions
            retryMessage={retryMessage}
            retryHint="Tap Buy now again: the same order is resent, so you cannot be charged twice."
            busy={buying}
            confirmLabel="Buy now"
            busyLabel="Buying..."
            onCancel={() => setConfirming(false)}
            onConfirm={() => void buyNow()}
          />
        </Dialog>
      )}
    </div>
  );
};
