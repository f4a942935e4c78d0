import { ZChangePasswordRequest } from '@vendo/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { errorMessage } from '@/lib/api-error';
import { useFormValues } from '@/lib/use-form-values';
import { validate, type TInvalidForm } from '@/lib/validation';
import { useChangePasswordMutation } from '../api/change-password.api';

/** /profile/changePassword. Success keeps the new token and goes to /profile. */
export const ChangePasswordPage = () => {
  const navigate = useNavigate();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { values, onChange } = useFormValues({
    oldPassword: '',
    newPassword: '',
    newPasswordCheck: '',
  });
  const [invalid, setInvalid] = useState<TInvalidForm | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZChangePasswordRequest, values);
    if (!result.ok) {
      setInvalid(result);
      return;
    }
    setInvalid(null);
    try {
      const { msg } = await changePassword(result.data).unwrap();
      toast.success(msg);
      navigate('/profile');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="card form-card" aria-labelledby="change-password-title">
      <h1 className="card-title" id="change-password-title">
        Change password
      </h1>
      <p className="muted small">You stay signed in here; other devices are signed out.</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Change password">
        <FormAlert message={invalid?.message ?? null} />
        <PasswordField
          label="Current password"
          name="oldPassword"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={onChange}
          invalid={invalid?.fields.has('oldPassword')}
        />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={onChange}
          invalid={invalid?.fields.has('newPassword')}
        />
        <PasswordField
          label="Repeat new password"
          name="newPasswordCheck"
          autoComplete="new-password"
          value={values.newPasswordCheck}
          onChange={onChange}
          invalid={invalid?.fields.has('newPasswordCheck')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          Change password
        </button>
      </form>
    </section>
  );
};
