import { ZResetPasswordRequest } from '@vendo/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { errorMessage } from '@/lib/api-error';
import { useFormValues } from '@/lib/use-form-values';
import { useHydrated } from '@/lib/use-hydrated';
import { validate, type TInvalidForm } from '@/lib/validation';
import { useResetPasswordMutation } from '../api/reset-password.api';
import { AuthLayout } from './auth-layout';

/** /passwordReset/:token/:userId, the e-mailed link. Success goes to /. */
export const ResetPasswordPage = () => {
  const { token = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { values, onChange, formRef } = useFormValues({ newPassword: '', newPasswordCheck: '' });
  const hydrated = useHydrated();
  const [invalid, setInvalid] = useState<TInvalidForm | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZResetPasswordRequest, { ...values, token, userId });
    if (!result.ok) {
      setInvalid(result);
      return;
    }
    setInvalid(null);
    try {
      const { msg } = await resetPassword(result.data).unwrap();
      toast.success(msg);
      navigate('/');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Enter it twice. You will use it to log in from now on."
      footer={
        <p>
          Link expired? <Link to="/requestPasswordReset">Request a new one</Link>
        </p>
      }
    >
      <form
        ref={formRef}
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Reset password"
      >
        <FormAlert message={invalid?.message ?? null} />
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
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={isLoading || !hydrated}
        >
          Save new password
        </button>
      </form>
    </AuthLayout>
  );
};
