import { screen, waitFor, within } from '@testing-library/react';
import type { TUser } from '@vendo/shared/schemas/user';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSession, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';
import { leaveFor } from '../lib/leave-for';

vi.mock('../lib/leave-for', () => ({ leaveFor: vi.fn(() => true) }));

type TRoutes = Parameters<typeof stubHttp>[0];

const LINK = 'http://localhost:3000/sandbox/squad/checkout/ref-1';

const openFund = (routes: TRoutes = {}, userOverrides: Partial<TUser> = {}) => {
  const session = buildSession({
    user: buildUser({ email: 'adaeze@example.com', ...userOverrides }),
  });
  const requests = stubHttp({
    'GET /auth': { status: 503 },
    'GET /site': {
      status: 200,
      data: {
        appName: 'Vendo',
        officeAddress: '',
        phone: '',
        emails: [],
        chatUrl: '',
        topUpUrl: 'https://topup.example.com/vendo',
      },
    },
    'POST /fundWallet/squad/initiate': {
      status: 200,
      data: { link: LINK, msg: 'Proceed to pay' },
    },
    ...routes,
  });
  const view = renderApp({
    route: '/profile/fundWallet',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const fundForm = () => within(screen.getByRole('form', { name: 'Fund wallet' }));
const initiateCalls = (requests: ReturnType<typeof openFund>['requests']) =>
  requests.filter((r) => r.url === '/fundWallet/squad/initiate');

beforeEach(() => {
  vi.mocked(leaveFor).mockClear();
});

describe('/profile/fundWallet', () => {
  it('shows the fee an admin set, from GET /site', async () => {
    const { user } = openFund({
      'GET /site': {
        status: 200,
        data: {
          appName: 'Vendo',
          officeAddress: '',
          phone: '',
          emails: [],
          chatUrl: '',
          topUpUrl: '',
          fees: { fundPagePercent: 2.5, accountCardPercent: 1.08 },
        },
      },
    });
    await user.type(await screen.findByLabelText('Amount (₦)'), '1000');
    await waitFor(() =>
      expect(screen.getByTestId('funding-fee')).toHaveTextContent('2.5% fee: ₦25.00'),
    );
    expect(screen.getByTestId('funding-credit')).toHaveTextContent('₦975.00');
  });

  it("says 'enter a valid amount' when the amount is empty or not money", async () => {
    const { user, requests } = openFund();
    await user.click(await screen.findByRole('button', { name: 'Proceed to pay' }));
    expect(fundForm().getByRole('alert')).toHaveTextContent('enter a valid amount');

    await user.type(screen.getByLabelText('Amount (₦)'), '100.555');
    await user.click(screen.getByRole('button', { name: 'Proceed to pay' }));
    expect(fundForm().getByRole('alert')).toHaveTextContent('enter a valid amount');
    expect(initiateCalls(requests)).toHaveLength(0);
  });

  it("says 'minimum payment is 100' below ₦100", async () => {
    const { user, requests } = openFund();
    await user.type(await screen.findByLabelText('Amount (₦)'), '99.99');
    await user.click(screen.getByRole('button', { name: 'Proceed to pay' }));

    expect(fundForm().getByRole('alert')).toHaveTextContent('minimum payment is 100');
    expect(screen.queryByTestId('funding-fee')).not.toBeInTheDocument();
    expect(initiateCalls(requests)).toHaveLength(0);
  });

  it('shows what the user pays and what the wallet receives after the 1% fee', async () => {
    const { user } = openFund();
    await user.type(await screen.findByLabelText('Amount (₦)'), '1000');

    const fee = screen.getByTestId('funding-fee');
    expect(fee).toHaveTextContent('You pay ₦1,000.00');
    expect(fee).toHaveTextContent('1% fee: ₦10.00');
    expect(screen.getByTestId('funding-credit')).toHaveTextContent('₦990.00');
  });

  it('initiates with the amount in naira, the e-mail and an Idempotency-Key, then goes to the link', async () => {
    const { user, requests } = openFund();
    await user.type(await screen.findByLabelText('Amount (₦)'), '2500.50');
    await user.click(screen.getByRole('button', { name: 'Proceed to pay' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(LINK));
    const [sent] = initiateCalls(requests);
    expect(sent?.body).toEqual({ amount: 2500.5, email: 'adaeze@example.com' });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's message and stays when the payment is refused", async () => {
    const { user } = openFund({
      'POST /fundWallet/squad/initiate': {
        status: 400,
        data: { msg: 'minimum payment is 100', code: 'VALIDATION' },
      },
    });
    await user.type(await screen.findByLabelText('Amount (₦)'), '100');
    await user.click(screen.getByRole('button', { name: 'Proceed to pay' }));

    expect(await screen.findAllByText('minimum payment is 100')).not.toHaveLength(0);
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/fundWallet');
  });

  it('resends the same Idempotency-Key after no answer', async () => {
    let calls = 0;
    const { user, requests } = openFund({
      'POST /fundWallet/squad/initiate': () => {
        calls += 1;
        return calls === 1 ? 'network-error' : { status: 200, data: { link: LINK, msg: 'ok' } };
      },
    });
    await user.type(await screen.findByLabelText('Amount (₦)'), '500');
    await user.click(screen.getByRole('button', { name: 'Proceed to pay' }));
    expect(await screen.findAllByText('Something went wrong')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Proceed to pay' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(LINK));
    const keys = initiateCalls(requests).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('has no bank-transfer section without a reserved account', async () => {
    openFund();
    await screen.findByRole('button', { name: 'Proceed to pay' });
    expect(screen.queryByRole('region', { name: 'Pay by bank transfer' })).not.toBeInTheDocument();
  });

  it('offers the top-up page and copyable account numbers to users with a reserved account', async () => {
    const { user } = openFund(
      {},
      {
        accountNumbers: [{ bankName: 'PALMPAY', accountNumber: '9012345678' }],
        reservedAccountNo3: '7012345678',
      },
    );
    const section = within(await screen.findByRole('region', { name: 'Pay by bank transfer' }));
    expect(await section.findByRole('link', { name: 'Open the top-up page' })).toHaveAttribute(
      'href',
      'https://topup.example.com/vendo',
    );
    expect(section.getByText('9012345678')).toBeInTheDocument();
    expect(section.getByText('7012345678')).toBeInTheDocument();

    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(section.getByRole('button', { name: 'Copy account number 9012345678' }));
    expect(writeText).toHaveBeenCalledWith('9012345678');
    expect(await screen.findByText('Account number copied')).toBeInTheDocument();
  });
});
