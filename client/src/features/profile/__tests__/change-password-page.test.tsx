import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, profileOf } from '@/test/factories';
import { stubHttp, type TRecordedRequest } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

const open = (routes: Parameters<typeof stubHttp>[0] = {}) => {
  const session = buildSession();
  const requests: TRecordedRequest[] = stubHttp({
    'GET /auth': { status: 200, data: profileOf(session) },
    ...routes,
  });
  const view = renderApp({
    route: '/profile/changePassword',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const fill = async (
  user: ReturnType<typeof renderApp>['user'],
  values: { old?: string; next?: string; again?: string },
) => {
  await screen.findByRole('form', { name: 'Change password' });
  if (values.old) await user.type(screen.getByLabelText('Current password'), values.old);
  if (values.next) await user.type(screen.getByLabelText('New password'), values.next);
  if (values.again) await user.type(screen.getByLabelText('Repeat new password'), values.again);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('/profile/changePassword', () => {
  it("says 'All fields are required' while a field is empty", async () => {
    const { user, requests } = open();

    await fill(user, {});
    expect(await screen.findByRole('alert')).toHaveTextContent('All fields are required');

    await fill(user, { old: 'secret123', next: 'newsecret1' });
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
    expect(requests.filter((r) => r.url === '/auth/changepassword')).toHaveLength(0);
  });

  it("says 'Enter the same password twice' when the new ones differ", async () => {
    const { user } = open();
    await fill(user, { old: 'secret123', next: 'newsecret1', again: 'newsecret2' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the same password twice');
  });

  it('keeps the new token from the answer and goes to the dashboard', async () => {
    const { user, store, requests } = open({
      'POST /auth/changepassword': {
        status: 200,
        data: { msg: 'Password changed', token: 'token-2' },
      },
    });

    await fill(user, { old: 'secret123', next: 'newsecret1', again: 'newsecret1' });

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(await screen.findByTestId('balance')).toBeInTheDocument();
    expect(store.getState().auth.token).toBe('token-2');
    expect(localStorage.getItem('token')).toBe('token-2');
    const change = requests.find((r) => r.url === '/auth/changepassword');
    expect(change?.headers['x-auth-token']).toBe('token-1');
    expect(change?.body).toEqual({
      oldPassword: 'secret123',
      newPassword: 'newsecret1',
      newPasswordCheck: 'newsecret1',
    });
  });

  it("shows the server's message for a wrong current password", async () => {
    const { user } = open({
      'POST /auth/changepassword': {
        status: 400,
        data: { msg: 'Old password is incorrect', code: 'VALIDATION_ERROR' },
      },
    });
    await fill(user, { old: 'nope12', next: 'newsecret1', again: 'newsecret1' });
    expect(await screen.findByText('Old password is incorrect')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/changePassword');
  });
});
