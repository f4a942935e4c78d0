import { NETWORKS, SUPPLIERS, type TNetwork } from '@vendo/shared/constants';
import { ZSupplierRequest, type TSupplierRequest } from '@vendo/shared/schemas/admin';
import { toast } from 'react-toastify';
import { SelectField } from '@/components/ui/select-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useGetSuppliersQuery, useSetSupplierMutation } from '../api/suppliers.api';
import { BillsSuppliers } from './bills-suppliers';
import { SettingsSection } from './settings-section';

const SUPPLIER_OPTIONS = SUPPLIERS.map((supplier) => ({ value: supplier, label: supplier }));

const SupplierRow = ({ network, current }: { network: TNetwork; current: string }) => {
  const form = useForm({ supplierName: current });
  const { supplierName } = form.values;
  const [setSupplier, { isLoading: saving }] = useSetSupplierMutation();

  const onSubmit = form.handleSubmit(async () => {
    const body = { network, supplierName } as TSupplierRequest;
    // The row has no alert: a refused value shows in a toast, like a refused call.
    const result = validate(ZSupplierRequest, body);
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
      aria-label={`Supplier of ${network}`}
    >
      <SelectField
        label={`${network} supplier`}
        id={`supplier-${network}`}
        options={SUPPLIER_OPTIONS}
        {...form.bind('supplierName')}
      />
      <button
        type="submit"
        className="btn btn-secondary"
        disabled={saving || supplierName === current}
        aria-label={`Save ${network} supplier`}
      >
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
};

/**
 * Which supplier serves each network (ALARO or GLAD, ALARO by default), then each cable provider
 * and exam body.
 */
export const SuppliersSection = () => {
  const { data } = useGetSuppliersQuery(undefined);
  const supplierOf = (network: TNetwork) =>
    data?.find((row) => row.network === network)?.supplierName ?? 'ALARO';

  return (
    <SettingsSection
      id="suppliers"
      title="Suppliers"
      lead="New purchases of a network, cable provider or exam body go to its supplier."
    >
      <div className="settings-rows settings-rows-2">
        {NETWORKS.map((network) => (
          // Keyed by the saved value: the row starts again from what the server holds.
          <SupplierRow
            key={`${network}-${supplierOf(network)}`}
            network={network}
            current={supplierOf(network)}
          />
        ))}
      </div>
      <BillsSuppliers />
    </SettingsSection>
  );
};
