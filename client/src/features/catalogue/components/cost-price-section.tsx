import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import { ZCostPriceRequest } from '@vendo/shared/schemas/catalogue-admin';
import { toast } from 'react-toastify';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useGetCostPricesQuery, useSetCostPriceMutation } from '../api/cost-prices.api';
import { numberOrText } from '../lib/plan-form';
import { SettingsSection } from './settings-section';

const CostPriceRow = ({ network, current }: { network: TNetwork; current: number | null }) => {
  const form = useForm({ costPrice: current === null ? '' : String(current) });
  const [setCostPrice, { isLoading: saving }] = useSetCostPriceMutation();

  const onSubmit = form.handleSubmit(
    async () => {
      const body = { network, costPrice: numberOrText(form.values.costPrice) ?? '' };
      if (!form.check(validate(ZCostPriceRequest, body))) return;
      toast.success((await setCostPrice(body).unwrap()).msg);
    },
    { errorIn: 'both' },
  );

  return (
    <form
      className="settings-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={`${network} cost price`}
    >
      <FormAlert message={form.alert} id={form.alertId} />
      <div className="settings-row">
        <TextField
          label={`${network} cost per GB (₦)`}
          id={`cost-${network}`}
          inputMode="decimal"
          autoComplete="off"
          {...form.bind('costPrice')}
          invalid={form.alert !== null}
          errorId={form.alert !== null ? form.alertId : undefined}
        />
        <button
          type="submit"
          className="btn btn-secondary"
          disabled={saving}
          aria-label={`Save ${network} cost price`}
        >
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
};

/**
 * Each network's cost per GB: the cost of plans without one of their own
 * (docs/product-rules.md#catalogue).
 */
export const CostPriceSection = () => {
  const { data, isLoading } = useGetCostPricesQuery(undefined);
  const costOf = (network: TNetwork) =>
    data?.find((row) => row.network === network)?.costPrice ?? null;

  return (
    <SettingsSection
      id="cost-price"
      title="Cost price"
      lead="What a GB costs us per network; plans without their own cost use it for margins and profit."
    >
      {!isLoading && (
        <div className="settings-rows settings-rows-2">
          {NETWORKS.map((network) => (
            <CostPriceRow
              key={`${network}-${costOf(network) ?? ''}`}
              network={network}
              current={costOf(network)}
            />
          ))}
        </div>
      )}
    </SettingsSection>
  );
};
