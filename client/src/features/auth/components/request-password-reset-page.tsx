import { ZRequestPasswordResetRequest } from '@vendo/shared/schemas/auth';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useHydrated } from '@/lib/use-hydrated';
import { useRequestPasswordResetMutation } from '../api/request-password-reset.api';
import { AuthLayout } from './auth-layout';

/** /requestPasswordReset: e-mails a reset link. The answer never says whether the e-mail exists. */
export const RequestPasswordResetPage = () => {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const form = useForm({ email: '' });
  const { adoptTyped } = form;
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async () => {
    const body = form.check(validate(ZRequestPasswordResetRequest, form.values));
    if (!body) return;
    const { msg } = await requestReset(body).unwrap();
    toast.success(msg);
    setSentTo(body.email);
  });

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
        ref={adoptTyped}
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Request password reset"
      >
        <FormAlert message={form.alert} id={form.alertId} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('email')}
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
