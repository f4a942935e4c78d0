import { ZUssdCodeRequest, type TUssdCodeRequest } from '@vendo/shared/schemas/admin';
import type { TUssdCode } from '@vendo/shared/schemas/catalogue';
import { toast } from 'react-toastify';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useGetUssdCodeListQuery, useSaveUssdCodeMutation } from '../api/ussd-codes.api';
import { SettingsSection } from './settings-section';

const CATEGORY_OPTIONS = [
  { value: 'data', label: 'Data' },
  { value: 'airtime', label: 'Airtime' },
];

/** One code to change, or (without `code`) a new one to add. */
const UssdCodeForm = ({ code }: { code?: TUssdCode }) => {
  const form = useForm({
    category: code?.category ?? 'data',
    label: code?.label ?? '',
    code: code?.code ?? '',
  });
  const [saveCode, { isLoading: saving }] = useSaveUssdCodeMutation();
  const name = code ? `${code.category} ${code.label}` : 'new code';

  const onSubmit = form.handleSubmit(async () => {
    const { values } = form;
    const body = { ...(code ? { id: code.id } : {}), ...values } as TUssdCodeRequest;
    // The row has no alert: a refused value shows in a toast, like a refused call.
    const result = validate(ZUssdCodeRequest, body);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success((await saveCode(body).unwrap()).msg);
    if (!code) form.setValues({ category: values.category, label: '', code: '' });
  });

  return (
    <form
      className={code ? 'ussd-form' : 'ussd-form ussd-form-new'}
      onSubmit={onSubmit}
      noValidate
      aria-label={code ? `USSD code ${name}` : 'Add a USSD code'}
    >
      {code ? (
        <span className="ussd-category">{code.category}</span>
      ) : (
        <SelectField
          label="Category"
          id="ussd-new-category"
          options={CATEGORY_OPTIONS}
          {...form.bind('category')}
        />
      )}
      <TextField
        label="Label"
        id={`ussd-${code?.id ?? 'new'}-label`}
        autoComplete="off"
        {...form.bind('label')}
      />
      <TextField
        label="Code"
        id={`ussd-${code?.id ?? 'new'}-code`}
        autoComplete="off"
        inputMode="tel"
        {...form.bind('code')}
      />
      <button
        type="submit"
        className={code ? 'btn btn-secondary' : 'btn btn-primary'}
        disabled={saving}
        aria-label={code ? `Save ${name}` : 'Add code'}
      >
        {saving ? 'Saving...' : code ? 'Save' : 'Add'}
      </button>
    </form>
  );
};

/** The balance-check codes buyers see beside the data and airtime forms. */
export const UssdCodesSection = () => {
  const { data } = useGetUssdCodeListQuery(undefined);
  return (
    <SettingsSection
      id="ussd"
      title="USSD codes"
      lead="Balance-check codes shown beside the data and airtime forms."
    >
      <div className="settings-rows">
        {(data?.ussdCodes ?? []).map((code) => (
          <UssdCodeForm key={`${code.id}-${code.label}-${code.code}`} code={code} />
        ))}
      </div>
      <h3 className="settings-subtitle">Add a code</h3>
      <UssdCodeForm />
    </SettingsSection>
  );
};
