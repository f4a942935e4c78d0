import { ZFeesRequest } from '@vendo/shared/schemas/funding';
import type { TFeesResponse } from '@vendo/shared/schemas/funding.responses';
import { toast } from 'react-toastify';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useGetFeesQuery, useSetFeesMutation } from '../api/fees.api';
import { numberOrText } from '../lib/plan-form';
import { SettingsSection } from './settings-section';

const FeesForm = ({ fees }: { fees: TFeesResponse | undefined }) => {
  const form = useForm({
    fundPageFeePercent: fees ? String(fees.fundPageFeePercent) : '',
    accountCardFeePercent: fees ? String(fees.accountCardFeePercent) : '',
  });
  const [setFees, { isLoading: saving }] = useSetFeesMutation();

  const onSubmit = form.handleSubmit(
    async () => {
      const body = {
        fundPageFeePercent: numberOrText(form.values.fundPageFeePercent),
        accountCardFeePercent: numberOrText(form.values.accountCardFeePercent),
      };
      if (!form.check(validate(ZFeesRequest, body))) return;
      if (body.fundPageFeePercent === undefined && body.accountCardFeePercent === undefined) {
        form.fail('Please enter a valid value');
        return;
      }
      toast.success((await setFees(body).unwrap()).msg);
    },
    { errorIn: 'both' },
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Fees">
      <FormAlert message={form.alert} id={form.alertId} />
      <div className="form-grid">
        <TextField
          label="Fund wallet page fee (%)"
          inputMode="decimal"
          autoComplete="off"
          {...form.bind('fundPageFeePercent')}
        />
        <TextField
          label="Account card fee (%)"
          inputMode="decimal"
          autoComplete="off"
          {...form.bind('accountCardFeePercent')}
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
