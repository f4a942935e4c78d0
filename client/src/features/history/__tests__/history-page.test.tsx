import { act, screen, waitFor, within } from '@testing-library/react';
import type { TTransactionListResponse } from '@vendo/shared/schemas/transaction';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, buildTransaction, buildUser, profileOf } from '@/test/factories';
import { stubHttp, type TRecordedRequest } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';
import { formatVolume, queryOf, CLEARED } from '../lib/history';

const answer = (overrides: Partial<TTransactionListResponse> = {}): TTransactionListResponse => ({
  transactions: [
    buildTransaction({ _id: 'tx-1', trans_Status: 'success' }),
    buildTransaction({
      _id: 'tx-2',
      trans_Id: 'VND2',
      trans_Type: 'wallet',
      trans_Network: 'Squad',
      trans_Status: 'pending',
      trans_amount: 1000,
      balance_Before: 4400,
      balance_After: 5400,
      phone_number: null,
    }),
  ],
  page: 1,
  pageSize: 20,
  totalPages: 3,
  noOfTransaction: 42,
  totalSales: 12_600,
  totalProfit: 0,
  totalVolumeSold: 1500,
  stat: [
    { network: 'MTN', total_volume_sold: 1500, profit: 0 },
    { network: 'GLO', total_volume_sold: 0, profit: 0 },
    { network: 'AIRTEL', total_volume_sold: 0, profit: 0 },
    { network: '9MOBILE', total_volume_sold: 0, profit: 0 },
  ],
  totalDebit: 12_600,
  totalCredit: 1000,
  ...overrides,
});

const openHistory = ({
  route = '/profile/transactions',
  admin = false,
  agent = false,
  reply = answer(),
} = {}) => {
  const session = buildSession({
    user: buildUser({ isAdmin: admin, isAgent: agent }),
    isAdmin: admin,
  });
  const requests = stubHttp({
    'GET /auth': { status: 200, data: profileOf(session) },
    'GET /transaction': { status: 200, data: reply },
  });
  const view = renderApp({ route, session: { token: session.token, user: session.user } });
  const listCalls = () => requests.filter((r: TRecordedRequest) => r.url === '/transaction');
  return { ...view, requests, listCalls };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('/profile/transactions', () => {
  it('lists the rows with status colours, totals and per-network figures; no profit for customers', async () => {
    openHistory();
    const list = within(await screen.findByRole('list', { name: 'Transactions list' }));
    expect(list.getAllByRole('button')).toHaveLength(2);
    expect(list.getByText('Successful')).toHaveClass('status-success');
    expect(list.getByText('Pending')).toHaveClass('status-pending');
    expect(screen.getByTestId('total-count')).toHaveTextContent('42');
    expect(screen.getByTestId('total-sales')).toHaveTextContent('₦12,600.00');
    expect(screen.getByTestId('total-volume')).toHaveTextContent('1.5 TB');
    expect(screen.queryByTestId('total-profit')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('User account')).not.toBeInTheDocument();
    const networks = within(screen.getByRole('list', { name: 'Data sold per network' }));
    expect(networks.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'MTN1.5 TB',
      'GLO0 GB',
      'AIRTEL0 GB',
      '9MOBILE0 GB',
    ]);
  });

  it('opens the receipt of a row', async () => {
    const { user } = openHistory();
    const list = within(await screen.findByRole('list', { name: 'Transactions list' }));
    await user.click(list.getAllByRole('button')[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/profile/receipt/tx-1'),
    );
  });

  it('folds the filters behind a toggle that says how many are on (phones)', async () => {
    const { user } = openHistory({ route: '/profile/transactions?type=data&status=failed' });
    await screen.findByRole('list', { name: 'Transactions list' });
    const toggle = screen.getByRole('button', { name: 'Filters (2 on)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('form', { name: 'Filters' })).toHaveAttribute('data-open', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('form', { name: 'Filters' })).toHaveAttribute('data-open', 'true');
  });

  it('asks again with the type and status chosen, from page 1', async () => {
    const { user, listCalls } = openHistory({ route: '/profile/transactions?page=2' });
    await screen.findByRole('list', { name: 'Transactions list' });
    expect(listCalls()[0]!.params).toEqual({ page: 2 });
    await user.selectOptions(screen.getByLabelText('Type'), 'data');
    await waitFor(() => expect(listCalls().at(-1)!.params).toEqual({ page: 1, type: 'data' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() =>
      expect(listCalls().at(-1)!.params).toEqual({ page: 1, type: 'data', status: 'failed' }),
    );
  });

  it('lands filtered by a contact’s number and clears every filter', async () => {
    const { user, listCalls } = openHistory({
      route:
        '/profile/transactions?phone=08031234567&type=airtime&status=success&from=2026-01-01&to=2026-02-01&page=3',
    });
    await screen.findByRole('list', { name: 'Transactions list' });
    expect(listCalls()[0]!.params).toEqual({
      page: 3,
      type: 'airtime',
      status: 'success',
      phoneNumber: '08031234567',
      from: '2026-01-01',
      to: '2026-02-01',
    });
    expect(screen.getByLabelText('Phone number')).toHaveValue('08031234567');
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(listCalls().at(-1)!.params).toEqual({ page: 1 }));
    expect(screen.getByLabelText('Phone number')).toHaveValue('');
    expect(screen.getByLabelText('Type')).toHaveValue('all');
  });

  it('waits 2 s after typing before filtering by phone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, listCalls } = openHistory();
    await screen.findByRole('list', { name: 'Transactions list' });
    const before = listCalls().length;
    await user.type(screen.getByLabelText('Phone number'), '0803');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(listCalls()).toHaveLength(before);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() =>
      expect(listCalls().at(-1)!.params).toEqual({ page: 1, phoneNumber: '0803' }),
    );
  });

  it('gives staff the user account filter, profit and user columns', async () => {
    const { user, listCalls } = openHistory({
      agent: true,
      reply: answer({
        totalProfit: 840,
        transactions: [buildTransaction({ trans_profit: 40, trans_UserName: 'bola' })],
      }),
    });
    expect(await screen.findByTestId('total-profit')).toHaveTextContent('₦840.00');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'User' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Profit' })).toBeInTheDocument();
    expect(within(table).getByText('bola')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.type(screen.getByLabelText('User account'), 'bola');
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(listCalls().at(-1)!.params).toEqual({ page: 1, userName: 'bola' }));
  });

  it('says so when nothing matches, and shows no pages', async () => {
    openHistory({
      reply: answer({ transactions: [], totalPages: 0, noOfTransaction: 0, totalSales: 0 }),
    });
    expect(await screen.findByTestId('history-empty')).toHaveTextContent(
      'No transactions match these filters.',
    );
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).not.toBeInTheDocument();
  });

  it('shows 15 page buttons to a customer with 21 pages', async () => {
    openHistory({ reply: answer({ totalPages: 21 }) });
    const pages = within(await screen.findByRole('navigation', { name: 'Transaction pages' }));
    expect(pages.getAllByRole('button', { name: /^Page / })).toHaveLength(15);
  });

  it('shows 20 page buttons to an admin with 21 pages', async () => {
    openHistory({ admin: true, reply: answer({ totalPages: 21 }) });
    const pages = within(await screen.findByRole('navigation', { name: 'Transaction pages' }));
    expect(pages.getAllByRole('button', { name: /^Page / })).toHaveLength(20);
  });
});

describe('history helpers', () => {
  it('shows GB, and TB above 1000 GB', () => {
    expect(formatVolume(0)).toBe('0 GB');
    expect(formatVolume(1.5)).toBe('1.5 GB');
    expect(formatVolume(1000)).toBe('1,000 GB');
    expect(formatVolume(1250)).toBe('1.25 TB');
  });

  it('never sends a user name for a customer, nor a backwards range', () => {
    const filters = { ...CLEARED, account: 'bola', from: '2026-02-01', to: '2026-01-01' };
    expect(queryOf(filters, false)).toEqual({ page: 1 });
    expect(queryOf(filters, true)).toEqual({ page: 1, userName: 'bola' });
  });
});
