import { BILLS_SERVICE_NAMES, type TBillsService } from '@vendo/shared/constants';
import {
  ZBillsProductRequest,
  ZBillsProductUpdateRequest,
  type TManagedBillsProduct,
} from '@vendo/shared/schemas/bills-admin';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useAddBillsProductMutation, useUpdateBillsProductMutation } from '../api/bills.api';
import { numberOrText } from '../lib/plan-form';

type TValues = {
  name: string;
  code: string;
  supplierCode: string;
  costPrice: string;
  smartEarnerPrice: string;
  resellerPrice: string;
  apiPrice: string;
  isAvailable: boolean;
};

type TTextKey = Exclude<keyof TValues, 'isAvailable'>;

const FIELDS: { name: TTextKey; label: string; hint?: string; numeric?: boolean; add?: true }[] = [
  { name: 'name', label: 'Name', hint: "What buyers see, e.g. 'DStv Compact'" },
  { name: 'code', label: 'Bouquet code', hint: 'What buyers send; cannot change later', add: true },
  { name: 'supplierCode', label: 'Supplier code', hint: "The supplier's variation code" },
  { name: 'costPrice', label: 'Cost price (₦)', hint: 'What the supplier charges', numeric: true },
  { name: 'smartEarnerPrice', label: 'Smart earner price (₦)', numeric: true },
  { name: 'resellerPrice', label: 'Reseller price (₦)', numeric: true },
  { name: 'apiPrice', label: 'API price (₦)', numeric: true },
];

const valuesOf = (p: TManagedBillsProduct): TValues => ({
  name: p.name,
  code: p.code,
  supplierCode: p.supplierCode,
  costPrice: String(p.costPrice),
  smartEarnerPrice: String(p.smartEarnerPrice),
  resellerPrice: String(p.resellerPrice),
  apiPrice: String(p.apiPrice),
  isAvailable: p.isAvailable,
});

const EMPTY: TValues = {
  name: '',
  code: '',
  supplierCode: '',
  costPrice: '',
  smartEarnerPrice: '',
  resellerPrice: '',
  apiPrice: '',
  isAvailable: true,
};

type TProps = {
  /** The product to edit; none to add a bouquet to `serviceId`. */
  product?: TManagedBillsProduct;
  serviceId: TBillsService;
  onClose: () => void;
};

/** Adds a bouquet to a cable provider, or edits a bouquet or exam PIN (admins). */
export const BillsProductDialog = ({ product, serviceId, onClose }: TProps) => {
  const form = useForm<TValues>(product ? valuesOf(product) : EMPTY);
  const [add, adding] = useAddBillsProductMutation();
  const [update, updating] = useUpdateBillsProductMutation();
  const saving = adding.isLoading || updating.isLoading;
  const { values } = form;

  const prices = {
    costPrice: numberOrText(values.costPrice) as number,
    smartEarnerPrice: numberOrText(values.smartEarnerPrice) as number,
    resellerPrice: numberOrText(values.resellerPrice) as number,
    apiPrice: numberOrText(values.apiPrice) as number,
  };

  const onSubmit = form.handleSubmit(
    async () => {
      const supplierCode = values.supplierCode.trim() || undefined;
      if (product) {
        const body = {
          name: values.name,
          supplierCode,
          ...prices,
          isAvailable: values.isAvailable,
        };
        if (!form.check(validate(ZBillsProductUpdateRequest, body))) return;
        toast.success((await update({ id: product._id, body }).unwrap()).msg);
      } else {
        const body = { serviceId, code: values.code, name: values.name, supplierCode, ...prices };
        if (
          !form.check(validate(ZBillsProductRequest, { ...body, isAvailable: values.isAvailable }))
        )
          return;
        toast.success((await add({ ...body, isAvailable: values.isAvailable }).unwrap()).msg);
      }
      onClose();
    },
    { errorIn: 'both' },
  );

  const title = product
    ? `Edit ${product.name}`
    : `Add a ${BILLS_SERVICE_NAMES[serviceId]} bouquet`;
  return (
    <Dialog title={title} onClose={() => !saving && onClose()} wide>
      <form className="form" onSubmit={onSubmit} noValidate aria-label={title}>
        <FormAlert message={form.alert} id={form.alertId} />
        <div className="form-grid">
          {FIELDS.filter((field) => !(product && field.add)).map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              id={`bills-${field.name}`}
              autoComplete="off"
              inputMode={field.numeric ? 'decimal' : undefined}
              hint={field.hint}
              {...form.field(field.name)}
            />
          ))}
        </div>
        <label className="check-field">
          <input
            type="checkbox"
            name="isAvailable"
            checked={values.isAvailable}
            onChange={(event) => form.set('isAvailable', event.target.checked)}
          />
          <span>Available to buyers</span>
        </label>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : product ? 'Save changes' : 'Add bouquet'}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
