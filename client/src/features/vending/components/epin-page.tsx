import { EPIN_QUANTITY_MAX, EPIN_VALUES, NETWORKS } from '@vendo/shared/constants';
import { formatNairaAmount } from '@vendo/shared/money';
import { ZBuyEpinRequest, type TBuyEpinRequest } from '@vendo/shared/schemas/epin';
import { FormAlert } from '@/components/ui/form-alert';
import { PausedNotice } from '@/components/ui/paused-notice';
import { TextField } from '@/components/ui/text-field';
import { WalletBalance } from '@/components/ui/wallet-balance';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import '../vending.css';
import '../bills.css';
import '../epins.css';
import { usePausedBillsService } from '../hooks/use-paused';
import { useBuyEpinMutation } from '../api/buy-epin.api';
import { useGetEpinProductsQuery } from '../api/get-epin-products.api';
import { useConfirmedPurchase } from '../hooks/use-confirmed-purchase';
import { epinProduct, formatCardValue } from '../lib/epins';
import { toNetwork } from '../lib/networks';
import { PurchaseConfirm } from './purchase-confirm';

/** A whole number of cards the server sells in one purchase, or null. */
const cardCount = (quantity: string): number | null => {
  const count = Number(quantity.trim());
  const whole = quantity.trim() !== '' && Number.isInteger(count);
  return whole && count >= 1 && count <= EPIN_QUANTITY_MAX ? count : null;
};

/**
 * /profile/epin: recharge-card PINs for a shop to print and sell. Network, card value (only the
 * values on sale for it, each at the caller's tier price), how many (1 to 100), the total as it
 * is typed, confirm, then the receipt with the cards (print sheet, CSV).
 */
export const EpinPage = () => {
  const form = useForm({ network: '', value: '', quantity: '1' });
  const { quantity } = form.values;
  const network = toNetwork(form.values.network);
  const paused = usePausedBillsService(
    network ? `epin-${network.toLowerCase() as Lowercase<typeof network>}` : null,
  );
  const productsQuery = useGetEpinProductsQuery(undefined);
  const [buyEpin, { isLoading: buying }] = useBuyEpinMutation();
  const products = productsQuery.currentData?.products ?? [];
  // In the order of EPIN_VALUES whatever order the list comes in; values not on sale are left out.
  const offered = EPIN_VALUES.flatMap((value) => {
    const item = products.find((option) => option.network === network && option.value === value);
    return item ? [item] : [];
  });
  const item = offered.find((option) => String(option.value) === form.values.value) ?? null;
  const count = cardCount(quantity);
  // In kobo, so 100 cards at ₦97.35 add up to the kobo.
  const cost = item && count ? (Math.round(item.amount * 100) * count) / 100 : 0;

  const purchase = useConfirmedPurchase(() => form.set('quantity', '1'));

  const chooseNetwork = (next: string) => {
    form.clearAlert();
    // A value stays chosen only if the new network sells it too.
    const keeps = products.some(
      (option) => option.network === next && String(option.value) === form.values.value,
    );
    form.setValues((current) => ({ ...current, network: next, value: keeps ? current.value : '' }));
  };

  const buyRequest = (): TBuyEpinRequest => ({
    network,
    value: form.values.value,
    quantity: quantity.trim(),
  });

  const onBuy = form.handleSubmit(() => {
    if (!form.check(validate(ZBuyEpinRequest, buyRequest()))) return;
    if (!item) {
      form.fail('Choose a card value on sale for this network', ['value']);
      return;
    }
    purchase.open();
  });

  const buyNow = async () => {
    const checked = validate(ZBuyEpinRequest, buyRequest());
    if (!checked.ok) return;
    const { data } = checked;
    const message = await purchase.send(data, (arg) => buyEpin(arg).unwrap(), {
      product: epinProduct(data.network, data.value, data.quantity),
    });
    if (message) form.fail(message);
  };

  const valuesHint = !network
    ? 'Choose a network to see its cards.'
    : productsQuery.isLoading
      ? 'Loading prices...'
      : productsQuery.isError
        ? 'The prices could not be loaded.'
        : offered.length === 0
          ? `No ${network} cards are on sale right now. Try another network.`
          : null;

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="epin-title">
        <h1 className="card-title" id="epin-title">
          e-PINs
        </h1>
        <p className="muted small">Recharge cards to print and sell in your shop.</p>
        <WalletBalance />
        <form className="form" onSubmit={onBuy} noValidate aria-label="Buy e-PINs">
          <PausedNotice message={paused} />
          <FormAlert message={form.alert} id={form.alertId} />
          <fieldset
            className="choice-row"
            aria-describedby={form.isInvalid('network') ? form.alertId : undefined}
          >
            <legend>Network</legend>
            {NETWORKS.map((name) => (
              <label key={name}>
                <input
                  type="radio"
                  name="network"
                  value={name}
                  checked={network === name}
                  onChange={() => chooseNetwork(name)}
                />
                {name}
              </label>
            ))}
          </fieldset>

          <fieldset
            className="choice-row epin-values"
            aria-describedby={form.isInvalid('value') ? form.alertId : undefined}
          >
            <legend>Card value</legend>
            {offered.map((option) => (
              <label key={option.value}>
                <input
                  type="radio"
                  name="value"
                  value={String(option.value)}
                  checked={item?.value === option.value}
                  onChange={form.onChange}
                />
                <span className="epin-value-face">{formatCardValue(option.value)}</span>{' '}
                <small>{formatNairaAmount(option.amount)} a card</small>
              </label>
            ))}
            {valuesHint && (
              <p className="muted small epin-values-hint" data-testid="epin-values-hint">
                {valuesHint}{' '}
                {productsQuery.isError && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => void productsQuery.refetch()}
                  >
                    Try again
                  </button>
                )}
              </p>
            )}
          </fieldset>

          <TextField
            label="Number of cards"
            type="number"
            inputMode="numeric"
            min={1}
            max={EPIN_QUANTITY_MAX}
            step={1}
            autoComplete="off"
            hint={`1 to ${EPIN_QUANTITY_MAX} cards in one purchase`}
            {...form.field('quantity')}
          />

          {item && count !== null && (
            <p className="charge-line" data-testid="epin-charge" aria-live="polite">
              <span>
                You pay
                <small>
                  {count} × {formatNairaAmount(item.amount)}
                </small>
              </span>
              <strong>{formatNairaAmount(cost)}</strong>
            </p>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block btn-lg"
            disabled={buying || paused !== null}
          >
            {buying ? 'Buying...' : 'Buy cards'}
          </button>
        </form>
      </section>

      <aside className="purchase-aside">
        <section className="card" aria-labelledby="epin-help-title">
          <h2 className="card-title" id="epin-help-title">
            How it works
          </h2>
          <ul className="help-list small">
            <li>The cards show on the receipt as soon as they are delivered.</li>
            <li>
              Print them 24 to an A4 page with your business name on each, or download them as a CSV
              file.
            </li>
            <li>Tick the cards you sell: the next print can leave them out.</li>
            <li>If fewer cards are delivered than you ordered, the rest is refunded at once.</li>
          </ul>
        </section>
      </aside>

      {purchase.confirming && item && count !== null && (
        <PurchaseConfirm
          description="Check the details: cards cannot be returned once delivered."
          rows={[
            ['Network', item.network],
            ['Card value', formatCardValue(item.value)],
            ['Price per card', formatNairaAmount(item.amount)],
            ['Number of cards', String(count)],
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
