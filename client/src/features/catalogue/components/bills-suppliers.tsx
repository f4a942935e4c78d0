import { BILLS_SUPPLIERS, type TBillsService } from '@vendo/shared/constants';
import {
  ZBillsSupplierRequest,
  type TBillsSupplierRequest,
} from '@vendo/shared/schemas/bills-admin';
import { toast } from 'react-toastify';
import { SelectField } from '@/components/ui/select-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useGetBillsCatalogueQuery, useSetBillsSupplierMutation } from '../api/bills.api';

const SupplierRow = ({
  serviceId,
  name,
  current,
  choices,
}: {
  serviceId: TBillsService;
  name: string;
  current: string;
  choices: readonly string[];
}) => {
  const form = useForm({ supplierName: current });
  const { supplierName } = form.values;
  const [setSupplier, { isLoading: saving }] = useSetBillsSupplierMutation();

  const onSubmit = form.handleSubmit(async () => {
    const body = { serviceId, supplierName } as TBillsSupplierRequest;
    const result = validate(ZBillsSupplierRequest, body);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success((await setSupplier(body).unwrap()).msg);
  });

  return (
    <form
      className="settings-row"
      onSubmit={onSubmit}
      noValidate
      aria-label={`Supplier of ${name}`}
    >
      <SelectField
        label={`${name} supplier`}
        id={`bills-supplier-${serviceId}`}
        options={choices.map((choice) => ({ value: choice, label: choice }))}
        {...form.bind('supplierName')}
      />
      <button
        type="submit"
        className="btn btn-secondary"
        disabled={saving || supplierName === current}
        aria-label={`Save ${name} supplier`}
      >
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
};

/**
 * Which bills supplier serves each cable provider and exam body; the choices are the server's
 * list (only VTPASS today).
 */
export const BillsSuppliers = () => {
  const { data } = useGetBillsCatalogueQuery(undefined);
  if (!data) return null;
  const choices = data.suppliers.length > 0 ? data.suppliers : BILLS_SUPPLIERS;
  return (
    <>
      <h3 className="settings-subtitle">Cable TV, exam PINs and e-PINs</h3>
      <div className="settings-rows settings-rows-2 bills-suppliers">
        {data.services.map((service) => (
          // Keyed by the saved value: the row starts again from what the server holds.
          <SupplierRow
            key={`${service.serviceId}-${service.supplierName}`}
            serviceId={service.serviceId}
            name={service.name}
            current={service.supplierName}
            choices={choices}
          />
        ))}
      </div>
    </>
  );
};
