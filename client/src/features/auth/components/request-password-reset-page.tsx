import { ZRequestPasswordResetRequest } from '@vendo/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { useFormValues } from '@/lib/use-form-values';
import { useHydrated } from '@/lib/use-hydrated';
import { validate, type TInvalidForm } from '@/lib/validation';
import { useRequestPasswordResetMutation } from '../api/request-password-reset.api';
import { AuthLayout } from './auth-layout';

/** /requestPasswordReset: e-mails a reset link. The answer never says whether the e-mail exists. */
export const RequestPasswordResetPage = () => {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const { values, onChange, formRef } = useFormValues({ email: '' });
  const hydrated = useHydrated();
  const [invalid, setInvalid] = useState<TInvalidForm | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZRequestPasswordResetRequest, values);
    if (!result.ok) {
      setInvalid(result);
      return;
    }
    setInvalid(null);
    try {
      const { msg } = await requestReset(result.data).unwrap();
      toast.success(msg);
      setSentTo(result.data.email);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail on your account and we will send you a link to choose a new password."
      footer={
        <>
          <p>
            Remembered it? <Link to="/login">Login</Link>
          </p>
          <p>
            <Link to="/">Back to home</Link>
          </p>
        </>
      }
    >
      {sentTo && (
        <div className="notice notice-success" role="status">
          If an account uses <strong>{sentTo}</strong>, a reset link is on its way. Check your inbox
          and spam folder.
        </div>
      )}
      <form
        ref={formRef}
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Request password reset"
      >
        <FormAlert message={invalid?.message ?? null} />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={onChange}
          invalid={invalid?.fields.has('email')}
        />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={isLoading || !hydrated}
        >
          {sentTo ? 'Send again' : 'Send reset link'}
        </button>
      </form>
    </AuthLayout>
  );
};
