import { ZFeesRequest } from '@vendo/shared/schemas/funding';
import type { TFeesResponse } from '@vendo/shared/schemas/funding.responses';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { validate } from '@/lib/validation';
import { useGetFeesQuery, useSetFeesMutation } from '../api/fees.api';
import { numberOrText } from '../lib/plan-form';
import { SettingsSection } from './settings-section';

const FeesForm = ({ fees }: { fees: TFeesResponse | undefined }) => {
  const [values, setValues] = useState({
    fundPageFeePercent: fees ? String(fees.fundPageFeePercent) : '',
    accountCardFeePercent: fees ? String(fees.accountCardFeePercent) : '',
  });
  const [error, setError] = useState<string | null>(null);
  const [setFees, { isLoading: saving }] = useSetFeesMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      fundPageFeePercent: numberOrText(values.fundPageFeePercent),
      accountCardFeePercent: numberOrText(values.accountCardFeePercent),
    };
    const result = validate(ZFeesRequest, body);
    const message = !result.ok
      ? result.message
      : body.fundPageFeePercent === undefined && body.accountCardFeePercent === undefined
        ? 'Please enter a valid value'
        : null;
    setError(message);
    if (message) return;
    try {
      toast.success((await setFees(body).unwrap()).msg);
    } catch (cause) {
      const failure = errorMessage(cause);
      setError(failure);
      toast.error(failure);
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Fees">
      <FormAlert message={error} />
      <div className="form-grid">
        <TextField
          label="Fund wallet page fee (%)"
          name="fundPageFeePercent"
          inputMode="decimal"
          autoComplete="off"
          value={values.fundPageFeePercent}
          onChange={(event) => setValues({ ...values, fundPageFeePercent: event.target.value })}
        />
        <TextField
          label="Account card fee (%)"
          name="accountCardFeePercent"
          inputMode="decimal"
          autoComplete="off"
          value={values.accountCardFeePercent}
          onChange={(event) => setValues({ ...values, accountCardFeePercent: event.target.value })}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save fees'}
      </button>
    </form>
  );
};

/**
 * The funding fees in percent (1% on the fund page, 1.08% on the account card by default;
 * docs/product-rules.md#funding).
 */
export const FeesSection = () => {
  const { data, isLoading } = useGetFeesQuery(undefined);
  return (
    <SettingsSection
      id="fees"
      title="Fees"
      lead="Charged on wallet funding: card or bank checkout, and deposits to a reserved account."
    >
      {!isLoading && (
        <FeesForm
          key={data ? `${data.fundPageFeePercent}-${data.accountCardFeePercent}` : 'none'}
          fees={data}
        />
      )}
    </SettingsSection>
  );
};
