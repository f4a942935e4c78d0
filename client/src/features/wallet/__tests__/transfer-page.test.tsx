import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { cachedProfile, profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

type TRoutes = Parameters<typeof stubHttp>[0];

const receipt = buildTransaction({
  _id: 'tx-transfer-1',
  trans_Type: 'transfer',
  trans_amount: 1500,
  balance_Before: 5000,
  balance_After: 3500,
});

const openTransfer = (routes: TRoutes = {}, balance = 5000) => {
  const session = buildSession({ user: buildUser({ balance }) });
  const server = profileServer(session);
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /auth/validateUser/tunde': {
      status: 200,
      data: { name: 'Tunde Bakare', userName: 'tunde', msg: 'User found' },
    },
    'GET /auth/validateUser/nobody': {
      status: 404,
      data: { msg: 'User not found', code: 'NOT_FOUND' },
    },
    ...server.moving({
      'POST /auth/transferFund': {
        status: 200,
        data: { msg: 'Transfer successful', balance: 3500, receipt },
      },
      ...routes,
    }),
  });
  const view = renderApp({
    route: '/profile/transfer',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

type TUserEvent = ReturnType<typeof openTransfer>['user'];

const validateUser = async (user: TUserEvent, userName = 'tunde') => {
  await user.type(await screen.findByLabelText('Username'), userName);
  await user.click(screen.getByRole('button', { name: 'Validate' }));
};

const alertIn = (name: string) => within(screen.getByRole('form', { name })).getByRole('alert');

describe('/profile/transfer', () => {
  it("says 'Enter a username' when the username is empty", async () => {
    const { user, requests } = openTransfer();
    await user.click(await screen.findByRole('button', { name: 'Validate' }));

    expect(alertIn('Validate user')).toHaveTextContent('Enter a username');
    expect(requests.filter((r) => r.url.startsWith('/auth/validateUser'))).toHaveLength(0);
  });

  it("shows the server's 'User not found' and keeps the field editable", async () => {
    const { user } = openTransfer();
    await validateUser(user, 'nobody');

    expect(await screen.findAllByText('User not found')).not.toHaveLength(0);
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Amount (₦)')).not.toBeInTheDocument();
  });

  it('shows the account name after validation, locks the username, and Change unlocks it', async () => {
    const { user } = openTransfer();
    await validateUser(user);

    expect(await screen.findByLabelText('Account name')).toHaveValue('Tunde Bakare');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Amount (₦)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Amount (₦)')).not.toBeInTheDocument();
  });

  it('asks for a valid amount and refuses more than the balance', async () => {
    const { user, requests } = openTransfer({}, 1000);
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦1,000.00');
    await validateUser(user);
    const amount = await screen.findByLabelText('Amount (₦)');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(alertIn('Send money')).toHaveTextContent('Enter a valid amount');

    await user.type(amount, '1000.001');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(alertIn('Send money')).toHaveTextContent('Enter a valid amount');

    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(alertIn('Send money')).toHaveTextContent('Insufficient balance');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/auth/transferFund')).toHaveLength(0);
  });

  it('confirms name and amount, sends with an Idempotency-Key, sets the balance and goes to /profile', async () => {
    const { user, requests, store } = openTransfer();
    await validateUser(user);
    await user.type(await screen.findByLabelText('Amount (₦)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm transfer' }));
    expect(dialog.getByTestId('confirm-name')).toHaveTextContent('Tunde Bakare (tunde)');
    expect(dialog.getByTestId('confirm-amount')).toHaveTextContent('₦1,500.00');
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Transfer successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(await screen.findByTestId('balance')).toHaveTextContent('₦3,500.00');
    expect(cachedProfile(store)?.transactions[0]?._id).toBe('tx-transfer-1');

    const sent = requests.find((r) => r.url === '/auth/transferFund')!;
    expect(sent.body).toEqual({ userName: 'tunde', amount: 1500 });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's 'Insufficient balance' and uses a new key for the next confirmation", async () => {
    const { user, requests } = openTransfer({
      'POST /auth/transferFund': {
        status: 400,
        data: { msg: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' },
      },
    });
    await validateUser(user);
    await user.type(await screen.findByLabelText('Amount (₦)'), '100');

    for (let attempt = 0; attempt < 2; attempt += 1) {
      await user.click(screen.getByRole('button', { name: 'Send' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.click(dialog.getByRole('button', { name: 'Send' }));
      expect(await screen.findAllByText('Insufficient balance')).not.toHaveLength(0);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }

    expect(screen.getByTestId('location')).toHaveTextContent('/profile/transfer');
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦5,000.00');
    const keys = requests
      .filter((r) => r.url === '/auth/transferFund')
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('keeps the dialog and the same key to retry after no answer', async () => {
    let calls = 0;
    const { user, requests } = openTransfer({
      'POST /auth/transferFund': () => {
        calls += 1;
        return calls === 1
          ? 'network-error'
          : { status: 200, data: { msg: 'Transfer successful', balance: 3500, receipt } };
      },
    });
    await validateUser(user);
    await user.type(await screen.findByLabelText('Amount (₦)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await dialog.findByText(/the same transfer is resent/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Transfer successful')).toBeInTheDocument();

    const keys = requests
      .filter((r) => r.url === '/auth/transferFund')
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
