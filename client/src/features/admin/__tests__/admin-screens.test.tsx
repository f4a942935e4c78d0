import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  TAdminDashboardResponse,
  TMailCampaignResponse,
  TUserListResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { TUser } from '@vendo/shared/schemas/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, buildTransaction, buildUser, profileOf } from '@/test/factories';
import { stubHttp, type TRoute } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';
import { refundOffer, requeryKind } from '@/lib/staff-transactions';
import { chartSeries } from '../components/sales-chart';
import { NEXT_TIER } from '../lib/admin';

const admin = buildUser({ _id: 'admin-1', userName: 'boss', isAdmin: true });

const signedIn = (user: TUser, routes: Record<string, TRoute>) => {
  const session = buildSession({ user });
  const requests = stubHttp({ 'GET /auth': { status: 200, data: profileOf(session) }, ...routes });
  return { session: { token: session.token, user }, requests };
};

const dashboard = (overrides: Partial<TAdminDashboardResponse> = {}): TAdminDashboardResponse => ({
  admin,
  totalUsers: 1234,
  totalBalance: 56_789.5,
  totalTransactions: 9876,
  services: [
    { serviceName: 'data', serviceStatus: true },
    { serviceName: 'airtime', serviceStatus: false },
    { serviceName: 'electricity', serviceStatus: true },
  ],
  pendingPurchases: 3,
  escalatedPurchases: 1,
  today: { sales: 4200, profit: 310, purchases: 12 },
  supplierFloat: [
    { supplier: 'ALARO', balance: 250_000 },
    { supplier: 'HUSMODATA', balance: null, error: 'timed out' },
  ],
  openAlerts: 1,
  ledgerCheck: {
    at: '2026-11-24T09:00:00.000Z',
    ok: true,
    violations: [],
    error: null,
    durationMs: 812,
  },
  ...overrides,
});

const userList = (users: TUser[]): TUserListResponse => ({
  users,
  totalUsers: users.length,
  totalPages: 1,
  totalBalance: users.reduce((sum, u) => sum + u.balance, 0),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('staff rules shown on screen', () => {
  it('walks the tier cycle api user → smart earner → reseller → api user', () => {
    expect(NEXT_TIER['api user']).toBe('smart earner');
    expect(NEXT_TIER['smart earner']).toBe('reseller');
    expect(NEXT_TIER.reseller).toBe('api user');
  });

  it('offers a refund only where the refund rules allow it, a delivered one only to admins', () => {
    const row = (trans_Type: string, trans_Status: string) =>
      buildTransaction({
        trans_Type: trans_Type as never,
        trans_Status: trans_Status as never,
      });
    expect(refundOffer(row('data', 'pending'), false)).toBe('refund');
    expect(refundOffer(row('airtime', 'processing'), false)).toBe('refund');
    expect(refundOffer(row('cable', 'pending'), false)).toBe('refund');
    expect(refundOffer(row('exam', 'success'), true)).toBe('reason');
    expect(refundOffer(row('data', 'success'), false)).toBe('none');
    expect(refundOffer(row('data', 'success'), true)).toBe('reason');
    for (const status of ['failed', 'refunded']) {
      expect(refundOffer(row('data', status), true)).toBe('none');
    }
    for (const type of ['transfer', 'wallet', 'refund']) {
      expect(refundOffer(row(type, 'pending'), true)).toBe('none');
    }
  });

  it('re-queries a purchase, a funding or (admins) a withdrawal, only while unsettled', () => {
    const tx = (trans_Type: string, trans_Network: string, trans_Status = 'pending') =>
      buildTransaction({
        trans_Type: trans_Type as never,
        trans_Network,
        trans_Status: trans_Status as never,
      });
    expect(requeryKind(tx('data', 'MTN'), false)).toBe('purchase');
    expect(requeryKind(tx('cable', 'DStv'), false)).toBe('purchase');
    expect(requeryKind(tx('wallet', 'Squad'), false)).toBe('funding');
    expect(requeryKind(tx('wallet', 'Withdrawal'), true)).toBe('withdrawal');
    expect(requeryKind(tx('wallet', 'Withdrawal'), false)).toBeNull();
    expect(requeryKind(tx('data', 'MTN', 'success'), true)).toBeNull();
    expect(requeryKind(tx('transfer', 'Transfer'), true)).toBeNull();
  });

  it('lays the chart out per day and network, with zeros where nothing sold', () => {
    const series = chartSeries([
      { date: '2026-11-02', network: 'MTN', sales: 100, profit: 10 },
      { date: '2026-11-01', network: 'GLO', sales: 50, profit: 5 },
      { date: '2026-11-02', network: 'GLO', sales: 20, profit: -2 },
    ]);
    expect(series.dates).toEqual(['2026-11-01', '2026-11-02']);
    expect(series.sales).toEqual([
      { network: 'GLO', values: [50, 20] },
      { network: 'MTN', values: [0, 100] },
    ]);
    expect(series.profit).toEqual([5, 8]);
  });
});

describe('admin dashboard', () => {
  it('shows the figures, float, queue and alerts, and asks again on Refresh', async () => {
    let calls = 0;
    const { session } = signedIn(admin, {
      'GET /admin/': () => {
        calls += 1;
        return { status: 200, data: dashboard({ totalUsers: 1233 + calls }) };
      },
      'GET /admin/salesChart': { status: 200, data: { days: [] } },
      'GET /admin/alerts': {
        status: 200,
        data: {
          alerts: [
            {
              id: 7,
              kind: 'purchase_sla',
              message: 'Purchase VND1 is still unconfirmed',
              transactionId: null,
              createdAt: '2026-11-24T08:00:00.000Z',
              resolvedAt: null,
              acknowledgedAt: null,
              acknowledgedBy: null,
            },
          ],
        },
      },
      'POST /admin/alerts/7/acknowledge': { status: 200, data: { msg: 'Alert acknowledged' } },
    });
    renderApp({ route: '/admin', session });

    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('tile-users')).toHaveTextContent('1,234');
    expect(screen.getByTestId('tile-balance')).toHaveTextContent('56,789.50');
    expect(screen.getByTestId('tile-transactions')).toHaveTextContent('9,876');
    expect(screen.getByTestId('tile-pending')).toHaveTextContent('3');
    expect(screen.getByTestId('tile-ledger')).toHaveTextContent('Balanced');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByText('airtime locked')).toBeInTheDocument();
    const float = screen.getByTestId('supplier-float');
    expect(float).toHaveTextContent('ALARO');
    expect(float).toHaveTextContent('250,000');
    expect(float).toHaveTextContent('Unknown: timed out');
    expect(await screen.findByText('Purchase VND1 is still unconfirmed')).toBeInTheDocument();
    expect(await screen.findByText('No sales in the last 30 days.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('tile-users')).toHaveTextContent('1,235'));

    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Alert acknowledged')).toBeInTheDocument();
  });

  it.each([
    [null, 'Not run yet', false],
    [
      { ok: false, violations: [{ name: 'no user balance below 0', violations: 2 }], error: null },
      '1 invariant broken',
      true,
    ],
    [{ ok: false, violations: [], error: 'a statement ran past 300 s' }, 'Did not finish', true],
  ])('shows how the last ledger check went (%j)', async (check, text, warn) => {
    const ledgerCheck = check && { at: '2026-11-24T09:00:00.000Z', durationMs: 812, ...check };
    const { session } = signedIn(admin, {
      'GET /admin/': { status: 200, data: dashboard({ ledgerCheck }) },
      'GET /admin/salesChart': { status: 200, data: { days: [] } },
      'GET /admin/alerts': { status: 200, data: { alerts: [] } },
    });
    renderApp({ route: '/admin', session });
    const tile = await screen.findByTestId('tile-ledger');
    expect(tile).toHaveTextContent(text);
    expect(tile.closest('a')!.className.includes('admin-tile-warn')).toBe(warn);
  });

  it('goes back to /profile when the admin data cannot be fetched', async () => {
    const { session } = signedIn(admin, {
      'GET /admin/': { status: 500, data: { msg: 'Something went wrong' } },
    });
    renderApp({ route: '/admin', session });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
  });

  it('finds users by any field from the search box', async () => {
    const found = buildUser({ _id: 'u-9', userName: 'chidi', email: 'chidi@example.com' });
    const { session, requests } = signedIn(admin, {
      'GET /admin/': { status: 200, data: dashboard() },
      'GET /admin/salesChart': { status: 200, data: { days: [] } },
      'GET /admin/alerts': { status: 200, data: { alerts: [] } },
      'GET /admin/users': { status: 200, data: userList([found]) },
    });
    renderApp({ route: '/admin', session });
    fireEvent.change(await screen.findByLabelText('Username, name, e-mail or phone'), {
      target: { value: 'CHIDI@' },
    });
    const results = await screen.findByRole('list', { name: 'Matching users' });
    expect(within(results).getByText('chidi')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/admin/users')?.params).toMatchObject({
      search: 'CHIDI@',
    });
  });
});

describe('user list', () => {
  const ada = buildUser({
    _id: 'u-1',
    userName: 'ada',
    balance: 99.5,
    userType: 'api user',
    lastLogin: null,
  });
  const bayo = buildUser({ _id: 'u-2', userName: 'bayo', balance: 100, userType: 'reseller' });

  it('filters after a pause in typing, colours balances and opens a user to change their tier', async () => {
    let current = ada;
    const { session, requests } = signedIn(admin, {
      'GET /admin/users': { status: 200, data: userList([ada, bayo]) },
      'GET /admin/users/u-1': () => ({ status: 200, data: { user: current } }),
      'GET /admin/upgradeUser/u-1/smart%20earner': () => {
        current = { ...ada, userType: 'smart earner' };
        return { status: 200, data: { msg: 'ada is now a smart earner', user: current } };
      },
    });
    renderApp({ route: '/admin/users', session });

    const table = await screen.findByRole('table');
    expect(within(table).getByText('₦99.50')).toHaveClass('balance-low');
    expect(within(table).getByText('₦100.00')).toHaveClass('balance-ok');
    expect(within(table).getAllByText('Unknown').length).toBeGreaterThan(0);
    expect(screen.getByTestId('users-total')).toHaveTextContent('2');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ad' } });
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(requests.filter((r) => r.url === '/admin/users' && r.params.userName)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/admin/users' && r.params.userName === 'ad')).toBe(
        true,
      ),
    );
    vi.useRealTimers();

    fireEvent.click(within(await screen.findByRole('table')).getByText('ada'));
    const dialog = await screen.findByRole('dialog', { name: 'ada' });
    expect(within(dialog).getByTestId('detail-type')).toHaveTextContent('api user');
    expect(within(dialog).getByRole('link', { name: 'View transactions' })).toHaveAttribute(
      'href',
      '/profile/transactions?account=ada',
    );
    expect(within(dialog).getByRole('link', { name: 'Send mail' })).toHaveAttribute(
      'href',
      '/admin/sendMail?userAccount=ada',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to smart earner' }));
    expect(await screen.findByText('ada is now a smart earner')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByTestId('detail-type')).toHaveTextContent('smart earner'),
    );
  }, 15_000);

  it('shows an agent only the transactions shortcut in a user detail', async () => {
    const agent = buildUser({ _id: 'agent-1', userName: 'agent', isAgent: true });
    const { session } = signedIn(agent, {
      'GET /admin/users': { status: 200, data: userList([ada]) },
      'GET /admin/users/u-1': { status: 200, data: { user: ada } },
    });
    renderApp({ route: '/admin/users?open=u-1', session });
    const dialog = await screen.findByRole('dialog', { name: 'ada' });
    expect(within(dialog).getByRole('link', { name: 'View transactions' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Reset password' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Send mail' })).not.toBeInTheDocument();
  });
});

describe('send mail', () => {
  it('mails every user in the background and shows the progress until it is done', async () => {
    let polls = 0;
    const progress = (sent: number): TMailCampaignResponse => ({
      msg: 'Mail progress',
      campaignId: 4,
      total: 3,
      sent,
      failed: 0,
      pending: 3 - sent,
    });
    const { session, requests } = signedIn(admin, {
      'POST /admin/sendMail': {
        status: 200,
        data: { ...progress(0), msg: 'Sending to 3 users' },
      },
      'GET /admin/sendMail/recipients': { status: 200, data: { recipients: 1234 } },
      'GET /admin/sendMail/4': () => {
        polls += 1;
        return { status: 200, data: progress(Math.min(3, polls)) };
      },
    });
    renderApp({ route: '/admin/sendMail', session });
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'New prices' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Data is cheaper' } });
    fireEvent.change(screen.getByLabelText('Link (optional, http:// or https://)'), {
      target: { value: 'ftp://nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to every user' }));
    expect(
      await screen.findByText('The link must start with http:// or https://'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/admin/sendMail')).toBe(false);

    fireEvent.change(screen.getByLabelText('Link (optional, http:// or https://)'), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send to every user' }));
    // Nothing goes before the admin confirms, with the number of users named.
    const confirm = await screen.findByRole('dialog', { name: 'Send to every user?' });
    expect(confirm).toHaveTextContent('This mails 1,234 users.');
    expect(requests.some((r) => r.url === '/admin/sendMail')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === '/admin/sendMail')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Send to every user' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Send to every user?' })).getByRole(
        'button',
        { name: 'Send to 1,234 users' },
      ),
    );
    expect(await screen.findByText('Sending to 3 users')).toBeInTheDocument();
    await waitFor(
      () =>
        expect(screen.getByTestId('mail-progress')).toHaveTextContent('3 sent, 0 failed, 0 to go'),
      { timeout: 8000 },
    );
    expect(screen.getByRole('heading', { name: 'Mail sent' })).toBeInTheDocument();
  }, 15_000);

  it('prefills the user from the user detail and goes to /profile once sent', async () => {
    const { session, requests } = signedIn(admin, {
      'POST /admin/sendMail': {
        status: 200,
        data: { msg: 'Mail sent to ada', campaignId: 5, total: 1, sent: 1, failed: 0, pending: 0 },
      },
    });
    renderApp({ route: '/admin/sendMail?userAccount=ada', session });
    fireEvent.change(await screen.findByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to ada' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(requests.find((r) => r.url === '/admin/sendMail')?.body).toMatchObject({
      userAccount: 'ada',
      subject: 'Hi',
    });
  });
});

describe('generate coupon', () => {
  it('shows the new code and the issued list', async () => {
    const { session } = signedIn(admin, {
      'POST /admin/generateCoupon': {
        status: 201,
        data: { msg: 'Coupon generated', couponCode: 'A1B2-C3D4-E5F6' },
      },
      'GET /admin/coupons': {
        status: 200,
        data: {
          coupons: [
            {
              _id: 'c-1',
              couponCode: 'Z9Y8-X7W6-V5U4',
              userName: 'ada',
              amount: 500,
              status: 'redeemed',
              issuedBy: 'boss',
              createdAt: '2026-11-20T10:00:00.000Z',
              redeemedAt: '2026-11-21T10:00:00.000Z',
            },
          ],
          total: 1,
          totalPages: 1,
        },
      },
    });
    renderApp({ route: '/admin/generateCoupon', session });
    expect(await screen.findByText('Z9Y8-X7W6-V5U4')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('For (username)'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Amount (₦)'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByTestId('coupon-code')).toHaveTextContent('A1B2-C3D4-E5F6');
  });
});

describe('staff transactions', () => {
  it('refunds a delivered purchase only with a written reason', async () => {
    const delivered = buildTransaction({
      _id: 'tx-9',
      trans_Status: 'success',
      trans_UserName: 'ada',
      trans_profit: 20,
    });
    const { session, requests } = signedIn(admin, {
      'GET /transaction': {
        status: 200,
        data: {
          transactions: [delivered],
          page: 1,
          pageSize: 20,
          totalPages: 1,
          noOfTransaction: 1,
          totalSales: 300,
          totalProfit: 20,
          totalVolumeSold: 1000,
          stat: [],
          totalDebit: 300,
          totalCredit: 0,
        },
      },
      'POST /admin/refund/tx-9': { status: 200, data: { msg: 'Refunded ₦300.00 to ada' } },
    });
    renderApp({ route: '/admin/transactions', session });
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByText('ada'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Re-query' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Refund ₦/ }));
    expect(
      await within(dialog).findByText(/Write why this delivered purchase is refunded/),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/admin/refund/tx-9')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Why refund a delivered purchase?'), {
      target: { value: 'Customer never got it; supplier confirmed by phone' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Refund ₦/ }));
    expect(await screen.findByText('Refunded ₦300.00 to ada')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/admin/refund/tx-9')?.body).toEqual({
      reason: 'Customer never got it; supplier confirmed by phone',
    });
  });
});

describe('supplier reconciliation', () => {
  it('shows reversals refunded, answers about another order and each float check', async () => {
    const { session } = signedIn(admin, {
      'GET /admin/reconcileSuppliers': {
        status: 200,
        data: {
          runs: [
            {
              id: 7,
              day: '2026-11-24',
              startedAt: '2026-11-24T20:00:00.000Z',
              finishedAt: '2026-11-24T20:00:05.000Z',
              checked: 3,
              mismatches: [
                {
                  transactionId: 'tx-1',
                  reference: 'VND-REV',
                  supplier: 'ALARO',
                  ours: 'success',
                  theirs: 'reversed',
                  kind: 'refunded_by_reversal',
                  message: 'reversed',
                },
                {
                  transactionId: 'tx-2',
                  reference: 'VND-LIE',
                  supplier: 'ALARO',
                  ours: 'success',
                  theirs: 'pending',
                  kind: 'answer_mismatch',
                  message: 'phone: ours 0803, theirs 0809',
                },
              ],
              floats: [
                {
                  supplier: 'ALARO',
                  delivered: 2,
                  measured: 2,
                  movement: 1120,
                  cost: 560,
                  difference: 560,
                  differing: ['VND-GREEDY'],
                },
                {
                  supplier: 'GLAD',
                  delivered: 1,
                  measured: 1,
                  movement: 97,
                  cost: 97,
                  difference: 0,
                  differing: [],
                },
              ],
            },
          ],
        },
      },
    });
    renderApp({ route: '/admin/reconciliation', session });
    expect(await screen.findByText('They reversed it: refunded')).toBeInTheDocument();
    expect(screen.getByText('Answer about another order')).toBeInTheDocument();
    const floats = screen.getAllByTestId('float-check');
    expect(floats[0]).toHaveTextContent('Float differs');
    expect(floats[0]).toHaveTextContent(
      'ALARO: moved ₦1,120.00 for 2 of 2 delivered, cost ₦560.00',
    );
    expect(floats[0]).toHaveTextContent('₦560.00 (VND-GREEDY)');
    expect(floats[1]).toHaveTextContent('Float agrees');
  });
});
