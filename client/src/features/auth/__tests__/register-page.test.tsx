import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

type TValues = Partial<
  Record<'userName' | 'email' | 'phoneNumber' | 'password' | 'passwordCheck', string>
>;

const valid: Required<TValues> = {
  userName: 'tunde_01',
  email: 'tunde@example.com',
  phoneNumber: '08031234567',
  password: 'secret123',
  passwordCheck: 'secret123',
};

const LABELS: Record<keyof TValues, string> = {
  userName: 'Username',
  email: 'E-mail',
  phoneNumber: 'Phone number',
  password: 'Password',
  passwordCheck: 'Confirm password',
};

const submit = async (user: ReturnType<typeof renderApp>['user'], values: TValues) => {
  await screen.findByRole('form', { name: 'Register' });
  for (const [field, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(LABELS[field as keyof TValues]), value);
  }
  await user.click(screen.getByRole('button', { name: 'Register' }));
};

describe('/register', () => {
  it("asks for the e-mail with 'Enter an your email'", async () => {
    const requests = stubHttp({});
    const { user } = renderApp({ route: '/register' });

    await submit(user, { ...valid, email: '' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an your email');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter an your email');
    expect(requests.filter((r) => r.url === '/auth/register')).toHaveLength(0);
  });

  it('rejects a phone number that is not 11 digits', async () => {
    stubHttp({});
    const { user } = renderApp({ route: '/register' });

    await submit(user, { ...valid, phoneNumber: '0803123' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check the phone number entered',
    );
  });

  it("says 'Enter the same password twice' when the passwords differ", async () => {
    stubHttp({});
    const { user } = renderApp({ route: '/register' });

    await submit(user, { ...valid, passwordCheck: 'secret124' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the same password twice');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the referral id from /register/:referralId as referredBy and opens the dashboard', async () => {
    const session = buildSession({ user: buildUser({ userName: 'tunde_01' }) });
    const requests = stubHttp({
      'POST /auth/register': { status: 201, data: session },
      'GET /auth': { status: 200, data: profileOf(session) },
    });
    const { user } = renderApp({ route: '/register/adaeze' });

    expect(await screen.findByText('adaeze')).toBeInTheDocument();
    await submit(user, valid);

    expect(await screen.findByTestId('balance')).toHaveTextContent('₦0.00');
    expect(requests.find((r) => r.url === '/auth/register')?.body).toEqual({
      ...valid,
      referredBy: 'adaeze',
    });
  });

  it("shows the server's message, e.g. a taken username", async () => {
    stubHttp({
      'POST /auth/register': {
        status: 409,
        data: { msg: 'Username is already taken', code: 'CONFLICT' },
      },
    });
    const { user } = renderApp({ route: '/register' });

    await submit(user, valid);

    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
  });
});
