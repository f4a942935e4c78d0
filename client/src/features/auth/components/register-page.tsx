import { ZRegisterRequest } from '@vendo/shared/schemas/auth';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useHydrated } from '@/lib/use-hydrated';
import { useRegisterMutation } from '../api/register.api';
import { AuthLayout } from './auth-layout';

/** /register and /register/:referralId (the referrer's userName). Success goes to /profile. */
export const RegisterPage = () => {
  const { referralId } = useParams();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const form = useForm({
    userName: '',
    email: '',
    phoneNumber: '',
    password: '',
    passwordCheck: '',
  });
  const { adoptTyped } = form;
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async () => {
    const body = form.check(validate(ZRegisterRequest, { ...form.values, referredBy: referralId }));
    if (!body) return;
    await register(body).unwrap();
    navigate('/profile');
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        referralId ? (
          <>
            You were invited by <strong>{referralId}</strong>.
          </>
        ) : (
          'It takes a minute. Your wallet is ready as soon as you finish.'
        )
      }
      footer={
        <>
          <p>
            Already have an account? <Link to="/login">Login</Link>
          </p>
          <p>
            <Link to="/">Back to home</Link>
          </p>
        </>
      }
    >
      <form ref={adoptTyped} className="form" onSubmit={onSubmit} noValidate aria-label="Register">
        <FormAlert message={form.alert} id={form.alertId} />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3 to 20 letters, digits or underscores"
          {...form.field('userName')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('email')}
        />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="11 digits, e.g. 08031234567"
          maxLength={11}
          {...form.field('phoneNumber')}
        />
        <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...form.field('passwordCheck')}
        />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={isLoading || !hydrated}
        >
          {isLoading ? 'Creating account...' : 'Register'}
        </button>
      </form>
    </AuthLayout>
  );
};
