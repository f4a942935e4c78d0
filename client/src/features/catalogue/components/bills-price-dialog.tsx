import { formatNairaAmount } from '@vendo/shared/money';
import { ZBillsPriceRequest, type TManagedBillsProduct } from '@vendo/shared/schemas/bills-admin';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { usePriceBillsProductMutation } from '../api/bills.api';
import { numberOrText } from '../lib/plan-form';

const TIERS = [
  { key: 'smartEarnerPrice', label: 'Smart earner price (₦)' },
  { key: 'resellerPrice', label: 'Reseller price (₦)' },
  { key: 'apiPrice', label: 'API price (₦)' },
] as const;

type TValues = { smartEarnerPrice: string; resellerPrice: string; apiPrice: string };

/**
 * Changes a bouquet's or exam PIN's tier prices (admins and agents); a blank price keeps its
 * value. The server keeps cost ≤ API ≤ reseller ≤ smart earner and says which rule a price breaks.
 */
export const BillsPriceDialog = ({
  product,
  onClose,
}: {
  product: TManagedBillsProduct;
  onClose: () => void;
}) => {
  const form = useForm<TValues>({ smartEarnerPrice: '', resellerPrice: '', apiPrice: '' });
  const [price, { isLoading: saving }] = usePriceBillsProductMutation();

  const onSubmit = form.handleSubmit(
    async () => {
      const body = {
        smartEarnerPrice: numberOrText(form.values.smartEarnerPrice),
        resellerPrice: numberOrText(form.values.resellerPrice),
        apiPrice: numberOrText(form.values.apiPrice),
      };
      if (!form.check(validate(ZBillsPriceRequest, body))) return;
      toast.success((await price({ id: product._id, body }).unwrap()).msg);
      onClose();
    },
    { errorIn: 'both' },
  );

  return (
    <Dialog
      title="Change price"
      description={`${product.name}: leave a price blank to keep it.`}
      onClose={() => !saving && onClose()}
      wide
    >
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Change price">
        <FormAlert message={form.alert} id={form.alertId} />
        <div className="form-grid form-grid-3">
          {TIERS.map((tier) => (
            <TextField
              key={tier.key}
              label={tier.label}
              id={`bills-new-${tier.key}`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={String(product[tier.key])}
              hint={`Now ${formatNairaAmount(product[tier.key])}`}
              {...form.field(tier.key)}
            />
          ))}
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
