import { ZResetPasswordRequest } from '@vendo/shared/schemas/auth';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useHydrated } from '@/lib/use-hydrated';
import { useResetPasswordMutation } from '../api/reset-password.api';
import { AuthLayout } from './auth-layout';

/** /passwordReset/:token/:userId, the e-mailed link. Success goes to /. */
export const ResetPasswordPage = () => {
  const { token = '', userId = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const form = useForm({ newPassword: '', newPasswordCheck: '' });
  const { adoptTyped } = form;
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async () => {
    const body = form.check(validate(ZResetPasswordRequest, { ...form.values, token, userId }));
    if (!body) return;
    const { msg } = await resetPassword(body).unwrap();
    toast.success(msg);
    navigate('/');
  });

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
        ref={adoptTyped}
        className="form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Reset password"
      >
        <FormAlert message={form.alert} id={form.alertId} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          {...form.field('newPassword')}
        />
        <PasswordField
          label="Repeat new password"
          autoComplete="new-password"
          {...form.field('newPasswordCheck')}
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
