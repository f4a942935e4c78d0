import { screen, waitFor, within } from '@testing-library/react';
import type { TBeneficiary } from '@vendo/shared/schemas/withdraw.responses';
import { describe, expect, it } from 'vitest';
import { buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp, type TRecordedRequest, type TRoute } from '@/test/http-stub';
import { cachedProfile, profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

type TRoutes = Parameters<typeof stubHttp>[0];
type TListAnswer = { beneficiaryList?: TBeneficiary[] } | undefined;

const banks = [
  { bankName: 'Access Bank', bankCode: '000014' },
  { bankName: 'GTBank', bankCode: '000013' },
];

const tunde = {
  _id: 'ben-1',
  accountName: 'TUNDE BAKARE',
  accountNumber: '0123456789',
  bankName: 'GTBank',
  bankCode: '000013',
};

const ngozi = {
  _id: 'ben-2',
  accountName: 'NGOZI OKAFOR',
  accountNumber: '2233445566',
  bankName: 'Access Bank',
  bankCode: '000014',
};

const receipt = (status: 'success' | 'pending' | 'refunded' = 'success') =>
  buildTransaction({
    _id: `tx-withdraw-${status}`,
    trans_Type: 'wallet',
    trans_Status: status,
    trans_amount: 1000,
    balance_Before: 5000,
    balance_After: 4000,
  });

const openWithdraw = (routes: TRoutes = {}, balance = 5000) => {
  const session = buildSession({ user: buildUser({ balance }) });
  const server = profileServer(session);
  // The saved accounts on the server: whatever list a change answers becomes the list.
  let beneficiaryList = [tunde];
  const changingList = (route: TRoute) => (request: TRecordedRequest) => {
    const reply = typeof route === 'function' ? route(request) : route;
    const list =
      reply === 'network-error' ? undefined : (reply.data as TListAnswer)?.beneficiaryList;
    if (list) beneficiaryList = list;
    return reply;
  };
  const moving = server.moving({
    'POST /withdraw': {
      status: 200,
      data: { msg: 'Withdrawal successful', receipt: receipt(), balance: 4000 },
    },
    ...routes,
  });
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /withdraw/bankCodes': { status: 200, data: { banks } },
    'GET /withdraw/beneficiary': () => ({ status: 200, data: { beneficiaryList } }),
    'POST /withdraw/validate': ({ body }) =>
      (body as { accountNumber: string }).accountNumber.endsWith('0000')
        ? { status: 400, data: { msg: 'We could not find that account', code: 'NOT_FOUND' } }
        : { status: 200, data: { name: 'NGOZI OKAFOR', code: '00', msg: 'Account found' } },
    'POST /withdraw/beneficiary': changingList({
      status: 201,
      data: { msg: 'Beneficiary added', beneficiaryList: [tunde, ngozi] },
    }),
    ...moving,
    ...Object.fromEntries(
      Object.entries(moving)
        .filter(([key]) => key.startsWith('DELETE /withdraw/beneficiary/'))
        .map(([key, route]) => [key, changingList(route)]),
    ),
  });
  const view = renderApp({
    route: '/profile/withdraw',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

type TUserEvent = ReturnType<typeof openWithdraw>['user'];

const validateAccount = async (user: TUserEvent, accountNumber = '2233445566') => {
  const bank = await screen.findByLabelText('Bank');
  await screen.findByRole('option', { name: 'Access Bank' });
  await user.selectOptions(bank, '000014');
  await user.type(screen.getByLabelText('Account number'), accountNumber);
  await user.click(screen.getByRole('button', { name: 'Validate' }));
};

const tundeCard = async () => within(await screen.findByRole('form', { name: 'TUNDE BAKARE' }));

const withdrawCalls = (requests: TRecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url === '/withdraw');

const startWithdrawal = async (user: TUserEvent, amount: string) => {
  const card = await tundeCard();
  if (amount !== '') await user.type(card.getByLabelText('Amount (₦)'), amount);
  await user.click(card.getByRole('button', { name: 'Withdraw' }));
  return within(await screen.findByRole('dialog', { name: 'Confirm withdrawal' }));
};

describe('/profile/withdraw', () => {
  it("asks for a bank, then says 'Enter account number'", async () => {
    const { user, requests } = openWithdraw();
    const form = within(await screen.findByRole('form', { name: 'Validate account' }));
    await user.click(form.getByRole('button', { name: 'Validate' }));
    expect(form.getByRole('alert')).toHaveTextContent('Select a bank');

    await screen.findByRole('option', { name: 'GTBank' });
    await user.selectOptions(form.getByLabelText('Bank'), '000013');
    await user.click(form.getByRole('button', { name: 'Validate' }));
    expect(form.getByRole('alert')).toHaveTextContent('Enter account number');
    expect(requests.filter((r) => r.url === '/withdraw/validate')).toHaveLength(0);
  });

  it('keeps only digits in the account number', async () => {
    const { user } = openWithdraw();
    const field = await screen.findByLabelText('Account number');
    await user.type(field, '01a2-3');
    expect(field).toHaveValue('0123');
  });

  it("shows the server's 'We could not find that account' and keeps the fields editable", async () => {
    const { user } = openWithdraw();
    await validateAccount(user, '1234560000');

    expect(await screen.findAllByText('We could not find that account')).not.toHaveLength(0);
    expect(screen.getByLabelText('Account number')).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Add beneficiary' })).not.toBeInTheDocument();
  });

  it('shows the account name after validation, locks the fields, and Change unlocks them', async () => {
    const { user, requests } = openWithdraw();
    await validateAccount(user);

    expect(await screen.findByLabelText('Account name')).toHaveValue('NGOZI OKAFOR');
    expect(screen.getByLabelText('Account number')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Bank')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add beneficiary' })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/withdraw/validate')?.body).toEqual({
      bankCode: '000014',
      accountNumber: '2233445566',
    });

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByLabelText('Account number')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Bank')).toBeEnabled();
    expect(screen.queryByLabelText('Account name')).not.toBeInTheDocument();
  });

  it('adds the validated account as a beneficiary, which gets its own card', async () => {
    const { user, requests } = openWithdraw();
    await tundeCard();
    expect(screen.getAllByTestId('beneficiary')).toHaveLength(1);
    await validateAccount(user);
    await user.click(await screen.findByRole('button', { name: 'Add beneficiary' }));

    expect(await screen.findByText('Beneficiary added')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'NGOZI OKAFOR' })).toBeInTheDocument();
    expect(screen.getAllByTestId('beneficiary')).toHaveLength(2);
    expect(
      requests.find((r) => r.url === '/withdraw/beneficiary' && r.method === 'POST')?.body,
    ).toEqual({ bankCode: '000014', accountNumber: '2233445566' });
    // The form is ready for the next account.
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    expect(screen.getByLabelText('Account number')).not.toHaveAttribute('readonly');
  });

  it('removes a beneficiary after a second tap, and keeps it on Keep or on an error', async () => {
    const { user, requests } = openWithdraw({
      'DELETE /withdraw/beneficiary/ben-1': {
        status: 200,
        data: { msg: 'Beneficiary removed', beneficiaryList: [] },
      },
    });
    const card = await tundeCard();
    await user.click(card.getByRole('button', { name: 'Remove TUNDE BAKARE' }));
    await user.click(card.getByRole('button', { name: 'Keep' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    expect(screen.getAllByTestId('beneficiary')).toHaveLength(1);

    await user.click(card.getByRole('button', { name: 'Remove TUNDE BAKARE' }));
    expect(card.getByText('Remove this account from your beneficiaries?')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Beneficiary removed')).toBeInTheDocument();
    expect(await screen.findByTestId('no-beneficiaries')).toBeInTheDocument();
  });

  it('says so on the card when a beneficiary cannot be removed', async () => {
    const { user } = openWithdraw({
      'DELETE /withdraw/beneficiary/ben-1': {
        status: 404,
        data: { msg: 'Beneficiary not found', code: 'NOT_FOUND' },
      },
    });
    const card = await tundeCard();
    await user.click(card.getByRole('button', { name: 'Remove TUNDE BAKARE' }));
    await user.click(card.getByRole('button', { name: 'Remove' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Beneficiary not found');
    expect(screen.getAllByTestId('beneficiary')).toHaveLength(1);
  });

  it('shows what the recipient gets: the amount less ₦50', async () => {
    const { user } = openWithdraw();
    const card = await tundeCard();
    await user.type(card.getByLabelText('Amount (₦)'), '1000');
    expect(card.getByTestId('recipient-gets')).toHaveTextContent('Recipient gets ₦950.00');
  });

  it('checks the amount before confirming', async () => {
    const { user, requests } = openWithdraw({}, 1000);
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦1,000.00');
    const card = await tundeCard();
    const amount = card.getByLabelText('Amount (₦)');
    await user.click(card.getByRole('button', { name: 'Withdraw' }));
    expect(card.getByRole('alert')).toHaveTextContent('Enter a valid amount');

    await user.type(amount, '99');
    await user.click(card.getByRole('button', { name: 'Withdraw' }));
    expect(card.getByRole('alert')).toHaveTextContent('Minimum withdrawal is ₦100');

    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(card.getByRole('button', { name: 'Withdraw' }));
    expect(card.getByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(withdrawCalls(requests)).toHaveLength(0);
  });

  it('confirms amount, fee and what the recipient gets, sends with an Idempotency-Key, sets the balance and goes to /profile', async () => {
    const { user, requests, store } = openWithdraw();
    const dialog = await startWithdrawal(user, '1000');

    expect(dialog.getByTestId('confirm-account')).toHaveTextContent('TUNDE BAKARE');
    expect(dialog.getByTestId('confirm-amount')).toHaveTextContent('₦1,000.00');
    expect(dialog.getByTestId('confirm-fee')).toHaveTextContent('₦50.00');
    expect(dialog.getByTestId('confirm-received')).toHaveTextContent('₦950.00');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Withdrawal successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(await screen.findByTestId('balance')).toHaveTextContent('₦4,000.00');
    expect(cachedProfile(store)?.transactions[0]?._id).toBe('tx-withdraw-success');

    const [sent] = withdrawCalls(requests);
    expect(sent?.body).toEqual({ bankCode: '000013', accountNumber: '0123456789', amount: 1000 });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says a pending withdrawal is being processed and goes to /profile', async () => {
    const { user, store } = openWithdraw({
      'POST /withdraw': {
        status: 202,
        data: {
          msg: 'Withdrawal is being processed',
          receipt: receipt('pending'),
          balance: 4000,
        },
      },
    });
    const dialog = await startWithdrawal(user, '1000');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Withdrawal is being processed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(await screen.findByTestId('balance')).toHaveTextContent('₦4,000.00');
    expect(cachedProfile(store)?.transactions[0]?.trans_Status).toBe('pending');
  });

  it('shows a failed payout, sets the refunded balance, stays, and uses a new key next time', async () => {
    const { user, requests, store } = openWithdraw({
      'POST /withdraw': {
        status: 400,
        data: {
          msg: 'The bank refused the transfer; your wallet was refunded',
          code: 'PAYOUT_FAILED',
          receipt: receipt('refunded'),
          balance: 5000,
        },
      },
    });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      // The amount stays in the card; the second attempt only taps Withdraw again.
      const dialog = await startWithdrawal(user, attempt === 0 ? '1000' : '');
      await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
      expect(await screen.findAllByText(/your wallet was refunded/)).not.toHaveLength(0);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }

    expect(screen.getByTestId('location')).toHaveTextContent('/profile/withdraw');
    // The refund is fetched again with the wallet: the refunded receipt is the latest.
    await waitFor(() =>
      expect(cachedProfile(store)?.transactions[0]?._id).toBe('tx-withdraw-refunded'),
    );
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦5,000.00');
    const keys = withdrawCalls(requests).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("shows the server's 'Insufficient balance'", async () => {
    const { user } = openWithdraw({
      'POST /withdraw': {
        status: 400,
        data: { msg: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' },
      },
    });
    const dialog = await startWithdrawal(user, '1000');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findAllByText('Insufficient balance')).not.toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/withdraw');
  });

  it('keeps the dialog and the same key to retry after no answer', async () => {
    let calls = 0;
    const { user, requests } = openWithdraw({
      'POST /withdraw': () => {
        calls += 1;
        return calls === 1
          ? 'network-error'
          : {
              status: 200,
              data: { msg: 'Withdrawal successful', receipt: receipt(), balance: 4000 },
            };
      },
    });
    const dialog = await startWithdrawal(user, '1000');
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await dialog.findByText(/the same withdrawal is resent/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal successful')).toBeInTheDocument();

    const keys = withdrawCalls(requests).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
