import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import { ZCostPriceRequest } from '@vendo/shared/schemas/catalogue-admin';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { validate } from '@/lib/validation';
import { useGetCostPricesQuery, useSetCostPriceMutation } from '../api/cost-prices.api';
import { numberOrText } from '../lib/plan-form';
import { SettingsSection } from './settings-section';

const CostPriceRow = ({ network, current }: { network: TNetwork; current: number | null }) => {
  const [value, setValue] = useState(current === null ? '' : String(current));
  const [error, setError] = useState<string | null>(null);
  const [setCostPrice, { isLoading: saving }] = useSetCostPriceMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { network, costPrice: numberOrText(value) ?? '' };
    const result = validate(ZCostPriceRequest, body);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    try {
      toast.success((await setCostPrice(body).unwrap()).msg);
    } catch (cause) {
      const message = errorMessage(cause);
      setError(message);
      toast.error(message);
    }
  };

  return (
    <form
      className="settings-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={`${network} cost price`}
    >
      <FormAlert message={error} />
      <div className="settings-row">
        <TextField
          label={`${network} cost per GB (₦)`}
          name="costPrice"
          id={`cost-${network}`}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          invalid={error !== null}
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
