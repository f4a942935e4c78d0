import { ZRegisterRequest } from '@vendo/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { useFormValues } from '@/lib/use-form-values';
import { useHydrated } from '@/lib/use-hydrated';
import { validate, type TInvalidForm } from '@/lib/validation';
import { useRegisterMutation } from '../api/register.api';
import { AuthLayout } from './auth-layout';

/** /register and /register/:referralId (the referrer's userName). Success goes to /profile. */
export const RegisterPage = () => {
  const { referralId } = useParams();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const { values, onChange, formRef } = useFormValues({
    userName: '',
    email: '',
    phoneNumber: '',
    password: '',
    passwordCheck: '',
  });
  const hydrated = useHydrated();
  const [invalid, setInvalid] = useState<TInvalidForm | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZRegisterRequest, { ...values, referredBy: referralId });
    if (!result.ok) {
      setInvalid(result);
      return;
    }
    setInvalid(null);
    try {
      await register(result.data).unwrap();
      navigate('/profile');
    } catch (error) {
      toast.error(errorMessage(error, 'Something went wrong'));
    }
  };

  const isInvalid = (field: string) => invalid?.fields.has(field);

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
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Register">
        <FormAlert message={invalid?.message ?? null} />
        <TextField
          label="Username"
          name="userName"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3 to 20 letters, digits or underscores"
          value={values.userName}
          onChange={onChange}
          invalid={isInvalid('userName')}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={values.email}
          onChange={onChange}
          invalid={isInvalid('email')}
        />
        <TextField
          label="Phone number"
          name="phoneNumber"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="11 digits, e.g. 08031234567"
          maxLength={11}
          value={values.phoneNumber}
          onChange={onChange}
          invalid={isInvalid('phoneNumber')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={onChange}
          invalid={isInvalid('password')}
        />
        <PasswordField
          label="Confirm password"
          name="passwordCheck"
          autoComplete="new-password"
          value={values.passwordCheck}
          onChange={onChange}
          invalid={isInvalid('passwordCheck')}
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
