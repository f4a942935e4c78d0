import { ZUssdCodeRequest, type TUssdCodeRequest } from '@vendo/shared/schemas/admin';
import type { TUssdCode } from '@vendo/shared/schemas/catalogue';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { validate } from '@/lib/validation';
import { useGetUssdCodeListQuery, useSaveUssdCodeMutation } from '../api/ussd-codes.api';
import { SettingsSection } from './settings-section';

const CATEGORY_OPTIONS = [
  { value: 'data', label: 'Data' },
  { value: 'airtime', label: 'Airtime' },
];

/** One code to change, or (without `code`) a new one to add. */
const UssdCodeForm = ({ code }: { code?: TUssdCode }) => {
  const [values, setValues] = useState({
    category: code?.category ?? 'data',
    label: code?.label ?? '',
    code: code?.code ?? '',
  });
  const [saveCode, { isLoading: saving }] = useSaveUssdCodeMutation();
  const name = code ? `${code.category} ${code.label}` : 'new code';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { ...(code ? { id: code.id } : {}), ...values } as TUssdCodeRequest;
    const result = validate(ZUssdCodeRequest, body);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    try {
      toast.success((await saveCode(body).unwrap()).msg);
      if (!code) setValues({ category: values.category, label: '', code: '' });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

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
          name="category"
          id="ussd-new-category"
          options={CATEGORY_OPTIONS}
          value={values.category}
          onChange={(event) =>
            setValues({ ...values, category: event.target.value as TUssdCode['category'] })
          }
        />
      )}
      <TextField
        label="Label"
        name="label"
        id={`ussd-${code?.id ?? 'new'}-label`}
        autoComplete="off"
        value={values.label}
        onChange={(event) => setValues({ ...values, label: event.target.value })}
      />
      <TextField
        label="Code"
        name="code"
        id={`ussd-${code?.id ?? 'new'}-code`}
        autoComplete="off"
        inputMode="tel"
        value={values.code}
        onChange={(event) => setValues({ ...values, code: event.target.value })}
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
