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

const NO_FALLBACK = { value: '', label: 'No one' };

/**
 * A network's supplier, and who takes its purchases when that one refuses an order before taking
 * it (docs/product-rules.md#supplier-failover).
 */
const SupplierRow = ({
  network,
  current,
  currentThen,
}: {
  network: TNetwork;
  current: string;
  currentThen: string;
}) => {
  const form = useForm({ supplierName: current, then: currentThen });
  const { supplierName, then } = form.values;
  const [setSupplier, { isLoading: saving }] = useSetSupplierMutation();
  const thenOptions = [
    NO_FALLBACK,
    ...SUPPLIER_OPTIONS.filter((option) => option.value !== supplierName),
  ];
  const fallback = then === supplierName ? '' : then;

  const onSubmit = form.handleSubmit(async () => {
    const body = (
      fallback ? { network, suppliers: [supplierName, fallback] } : { network, supplierName }
    ) as TSupplierRequest;
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
      className="settings-row supplier-failover-row"
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
      <SelectField
        label={`${network}: if it refuses, then`}
        id={`supplier-then-${network}`}
        options={thenOptions}
        {...form.bind('then')}
      />
      <button
        type="submit"
        className="btn btn-secondary"
        disabled={saving || (supplierName === current && fallback === currentThen)}
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
  const rowOf = (network: TNetwork) => data?.find((row) => row.network === network);
  const supplierOf = (network: TNetwork) => rowOf(network)?.supplierName ?? 'ALARO';
  // The second of the data order (this screen sets data and airtime alike).
  const thenOf = (network: TNetwork) => rowOf(network)?.data?.[1] ?? '';

  return (
    <SettingsSection
      id="suppliers"
      title="Suppliers"
      lead="New purchases of a network, cable provider or exam body go to its supplier. A network's purchase its supplier refuses before taking it (its float empty, the service down) goes to the next one; never one that timed out or is pending."
    >
      <div className="settings-rows settings-rows-2">
        {NETWORKS.map((network) => (
          // Keyed by the saved value: the row starts again from what the server holds.
          <SupplierRow
            key={`${network}-${supplierOf(network)}-${thenOf(network)}`}
            network={network}
            current={supplierOf(network)}
            currentThen={thenOf(network)}
          />
        ))}
      </div>
      <BillsSuppliers />
    </SettingsSection>
  );
};
