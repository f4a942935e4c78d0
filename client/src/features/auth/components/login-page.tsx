import { ZLoginRequest } from '@vendo/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { useFormValues } from '@/lib/use-form-values';
import { useHydrated } from '@/lib/use-hydrated';
import { validate, type TInvalidForm } from '@/lib/validation';
import { useLoginMutation } from '../api/login.api';
import { AuthLayout } from './auth-layout';

/** /login, and what /profile shows without a token. Success goes to /profile. */
export const LoginPage = () => {
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const { values, onChange, formRef } = useFormValues({ userName: '', password: '' });
  const hydrated = useHydrated();
  const [invalid, setInvalid] = useState<TInvalidForm | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZLoginRequest, values);
    if (!result.ok) {
      setInvalid(result);
      return;
    }
    setInvalid(null);
    try {
      await login(result.data).unwrap();
      navigate('/profile');
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong'));
    }
  };

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
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Login">
        <FormAlert message={invalid?.message ?? null} />
        <TextField
          label="Username, e-mail or business name"
          name="userName"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.userName}
          onChange={onChange}
          invalid={invalid?.fields.has('userName')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={onChange}
          invalid={invalid?.fields.has('password')}
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
