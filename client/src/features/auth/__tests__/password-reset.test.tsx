import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

describe('/requestPasswordReset', () => {
  it('requires an e-mail, then a valid one', async () => {
    const requests = stubHttp({});
    const { user } = renderApp({ route: '/requestPasswordReset' });
    const send = await screen.findByRole('button', { name: 'Send reset link' });

    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your email');

    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email');
    expect(requests.filter((r) => r.url.startsWith('/auth'))).toHaveLength(0);
  });

  it("sends the e-mail and shows the server's message", async () => {
    const requests = stubHttp({
      'POST /auth/requestPasswordReset': {
        status: 200,
        data: { msg: 'If that e-mail is registered, a reset link has been sent' },
      },
    });
    const { user } = renderApp({ route: '/requestPasswordReset' });

    await user.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(
      await screen.findByText('If that e-mail is registered, a reset link has been sent'),
    ).toBeInTheDocument();
    expect(screen.getByText(/a reset link is on its way/)).toHaveTextContent('ada@example.com');
    expect(requests.find((r) => r.url === '/auth/requestPasswordReset')?.body).toEqual({
      email: 'ada@example.com',
    });
  });
});

describe('/passwordReset/:token/:userId', () => {
  it("says 'Enter the same password twice' when a field is empty or they differ", async () => {
    const requests = stubHttp({});
    const { user } = renderApp({ route: '/passwordReset/reset-token/user-1' });
    const save = await screen.findByRole('button', { name: 'Save new password' });

    await user.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the same password twice');

    await user.type(screen.getByLabelText('New password'), 'newsecret1');
    await user.type(screen.getByLabelText('Repeat new password'), 'newsecret2');
    await user.click(save);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the same password twice');
    expect(requests.filter((r) => r.url.startsWith('/auth'))).toHaveLength(0);
  });

  it('posts the token and user id from the link, then goes home', async () => {
    const requests = stubHttp({
      'POST /auth/resetpassword': { status: 200, data: { msg: 'Password reset successful' } },
    });
    const { user } = renderApp({ route: '/passwordReset/reset-token/user-1' });

    await user.type(await screen.findByLabelText('New password'), 'newsecret1');
    await user.type(screen.getByLabelText('Repeat new password'), 'newsecret1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Password reset successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.getByRole('heading', { name: 'Welcome to Vendo' })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/auth/resetpassword')?.body).toEqual({
      token: 'reset-token',
      userId: 'user-1',
      newPassword: 'newsecret1',
      newPasswordCheck: 'newsecret1',
    });
  });

  it("shows the server's message for an expired link", async () => {
    stubHttp({
      'POST /auth/resetpassword': {
        status: 400,
        data: { msg: 'This reset link is invalid or has expired', code: 'INVALID_RESET_TOKEN' },
      },
    });
    const { user } = renderApp({ route: '/passwordReset/old/user-1' });

    await user.type(await screen.findByLabelText('New password'), 'newsecret1');
    await user.type(screen.getByLabelText('Repeat new password'), 'newsecret1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(
      await screen.findByText('This reset link is invalid or has expired'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/passwordReset/old/user-1');
  });
});
