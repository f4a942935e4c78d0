import { ZChangePasswordRequest } from '@vendo/shared/schemas/auth';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useChangePasswordMutation } from '../api/change-password.api';

/** /profile/changePassword. Success keeps the new token and goes to /profile. */
export const ChangePasswordPage = () => {
  const navigate = useNavigate();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const form = useForm({
    oldPassword: '',
    newPassword: '',
    newPasswordCheck: '',
  });

  const onSubmit = form.handleSubmit(async () => {
    const body = form.check(validate(ZChangePasswordRequest, form.values));
    if (!body) return;
    const { msg } = await changePassword(body).unwrap();
    toast.success(msg);
    navigate('/profile');
  });

  return (
    <section className="card form-card" aria-labelledby="change-password-title">
      <h1 className="card-title" id="change-password-title">
        Change password
      </h1>
      <p className="muted small">You stay signed in here; other devices are signed out.</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-label="Change password">
        <FormAlert message={form.alert} id={form.alertId} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...form.field('oldPassword')}
        />
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
        <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
          Change password
        </button>
      </form>
    </section>
  );
};
