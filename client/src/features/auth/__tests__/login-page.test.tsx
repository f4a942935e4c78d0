import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

const fillAndSubmit = async (
  user: ReturnType<typeof renderApp>['user'],
  { userName, password }: { userName?: string; password?: string },
) => {
  const submit = await screen.findByRole('button', { name: 'Login' });
  if (userName)
    await user.type(screen.getByLabelText('Username, e-mail or business name'), userName);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(submit);
};

describe('/login', () => {
  it("shows 'All field are required' and calls nothing when a field is empty", async () => {
    const requests = stubHttp({});
    const { user } = renderApp({ route: '/login' });

    await fillAndSubmit(user, {});
    expect(await screen.findByRole('alert')).toHaveTextContent('All field are required');

    await fillAndSubmit(user, { userName: 'adaeze' });
    expect(screen.getByRole('alert')).toHaveTextContent('All field are required');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    // The field points to the message, so a screen reader reads it with the field.
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('All field are required');
    expect(screen.getByLabelText('Username, e-mail or business name')).not.toHaveAttribute(
      'aria-describedby',
    );
    expect(requests.filter((r) => r.url.startsWith('/auth'))).toHaveLength(0);
  });

  it('logs in with an e-mail, stores the session and goes to /profile', async () => {
    const session = buildSession({ user: buildUser({ balance: 0 }) });
    const requests = stubHttp({
      'POST /auth/login': { status: 200, data: session },
      'GET /auth': { status: 200, data: profileOf(session) },
    });
    const { user, store } = renderApp({ route: '/login' });

    await fillAndSubmit(user, { userName: 'adaeze@example.com', password: 'secret123' });

    expect(await screen.findByTestId('balance')).toHaveTextContent('₦0.00');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(requests.find((r) => r.url === '/auth/login')?.body).toEqual({
      userName: 'adaeze@example.com',
      password: 'secret123',
    });
    expect(store.getState().auth.token).toBe('token-1');
    expect(localStorage.getItem('token')).toBe('token-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ userName: 'adaeze' });
  });

  it("shows the server's message when the password is wrong", async () => {
    stubHttp({
      'POST /auth/login': {
        status: 401,
        data: { msg: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
      },
    });
    const { user, store } = renderApp({ route: '/login' });

    await fillAndSubmit(user, { userName: 'adaeze', password: 'wrong-one' });

    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it("falls back to 'Something went wrong' when the server cannot be reached", async () => {
    stubHttp({ 'POST /auth/login': 'network-error' });
    const { user } = renderApp({ route: '/login' });

    await fillAndSubmit(user, { userName: 'adaeze', password: 'secret123' });

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('links to register, password reset and home', async () => {
    stubHttp({});
    renderApp({ route: '/login' });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/requestPasswordReset',
    );
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Login · Vendo'));
  });
});
