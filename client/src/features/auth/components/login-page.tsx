import { ZLoginRequest } from '@vendo/shared/schemas/auth';
import { Link, useNavigate } from 'react-router-dom';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { validate } from '@/lib/validation';
import { useHydrated } from '@/lib/use-hydrated';
import { useLoginMutation } from '../api/login.api';
import { AuthLayout } from './auth-layout';

/** /login, and what /profile shows without a token. Success goes to /profile. */
export const LoginPage = () => {
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const form = useForm({ userName: '', password: '' });
  const { adoptTyped } = form;
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit(async () => {
    const body = form.check(validate(ZLoginRequest, form.values));
    if (!body) return;
    await login(body).unwrap();
    navigate('/profile');
  });

  return (
    <AuthLayout
      title="Login"
      subtitle="Welcome back. Sign in to your wallet."
      footer={
        <>
          <p>
            New to Vendo? <Link to="/register">Create an account</Link>
          </p>
          <p>
            <Link to="/">Back to home</Link>
          </p>
        </>
      }
    >
      <form ref={adoptTyped} className="form" onSubmit={onSubmit} noValidate aria-label="Login">
        <FormAlert message={form.alert} id={form.alertId} />
        <TextField
          label="Username, e-mail or business name"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('userName')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <p className="form-aside">
          <Link to="/requestPasswordReset">Forgot password?</Link>
        </p>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={isLoading || !hydrated}
        >
          {isLoading ? 'Signing in...' : 'Login'}
        </button>
      </form>
    </AuthLayout>
  );
};
