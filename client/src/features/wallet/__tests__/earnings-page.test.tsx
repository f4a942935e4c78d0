import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextPage, pageButtons, previousPage } from '@/components/ui/pagination';
import { buildSession, buildUser } from '@/test/factories';
import { stubHttp, type TRecordedRequest } from '@/test/http-stub';
import { profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

const page = (n: number, totalPages: number, earningBalance = 1500) => ({
  referralList: [
    { userName: `friend${n}a`, amountEarned: 500 },
    { userName: `friend${n}b`, amountEarned: 0 },
  ],
  earningBalance,
  totalReferred: 7,
  totalEarned: 2500,
  withdrawn: 1000,
  totalPages,
});

const openEarnings = ({
  totalPages = 3,
  earningBalance = 1500,
  routes = {},
}: {
  totalPages?: number;
  earningBalance?: number;
  routes?: Parameters<typeof stubHttp>[0];
} = {}) => {
  const session = buildSession({ user: buildUser({ balance: 200, earningBalance }) });
  const server = profileServer(session);
  let withdrawn = false;
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /auth/referral': (request: TRecordedRequest) => {
      const n = Number(request.params.page ?? 1);
      return { status: 200, data: page(n, totalPages, withdrawn ? 0 : earningBalance) };
    },
    ...server.moving({
      'POST /auth/withdrawEarning': () => {
        withdrawn = true;
        return {
          status: 200,
          data: { msg: 'Earnings moved to your wallet', balance: 1700, earningBalance: 0 },
        };
      },
      ...routes,
    }),
  });
  const view = renderApp({
    route: '/profile/earnings',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const referralPages = (requests: TRecordedRequest[]) =>
  requests.filter((r) => r.url.startsWith('/auth/referral'));

describe('/profile/earnings', () => {
  it('shows the earnings balance, total referred, total earned and withdrawn', async () => {
    openEarnings();
    await screen.findByText('friend1a');
    expect(screen.getByTestId('earning-balance')).toHaveTextContent('₦1,500.00');
    expect(screen.getByTestId('total-referred')).toHaveTextContent('7');
    expect(screen.getByTestId('total-earned')).toHaveTextContent('₦2,500.00');
    expect(screen.getByTestId('withdrawn')).toHaveTextContent('₦1,000.00');
  });

  it('lists referrals with the amount earned', async () => {
    openEarnings();
    const table = within(await screen.findByRole('table', { name: 'Your referrals' }));
    expect(await table.findByText('friend1a')).toBeInTheDocument();
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['friend1a₦500.00', 'friend1b₦0.00']);
  });

  it('disables "Withdraw to wallet" at ₦0', async () => {
    openEarnings({ earningBalance: 0 });
    expect(await screen.findByTestId('earning-balance')).toHaveTextContent('₦0.00');
    await screen.findByText('friend1a');
    expect(screen.getByRole('button', { name: 'Withdraw to wallet' })).toBeDisabled();
  });

  it('moves the earnings to the wallet and refreshes the totals', async () => {
    const { user, requests } = openEarnings();
    await screen.findByText('friend1a');
    await user.click(screen.getByRole('button', { name: 'Withdraw to wallet' }));

    expect(await screen.findByText('Earnings moved to your wallet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('earning-balance')).toHaveTextContent('₦0.00'));
    expect(screen.getByRole('button', { name: 'Withdraw to wallet' })).toBeDisabled();
    expect(requests.find((r) => r.url === '/auth/withdrawEarning')?.body).toEqual({});

    // The wallet now holds the earnings.
    await user.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    expect(await screen.findByTestId('balance')).toHaveTextContent('₦1,700.00');
  });

  it('pages through the list with page buttons; Prev and Next wrap around', async () => {
    const { user, requests } = openEarnings({ totalPages: 3 });
    const pager = within(await screen.findByRole('navigation', { name: 'Referral pages' }));
    expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(pager.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('friend3a')).toBeInTheDocument();

    await user.click(pager.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('friend1a')).toBeInTheDocument();

    await user.click(pager.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('friend3a')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(referralPages(requests).map((r) => r.params.page)).toEqual([1, 3, 1, 3]);
  });
});

describe('pagination rules', () => {
  it('shows up to 20 page buttons, 15 for non-admins when there are more than 15 pages', () => {
    expect(pageButtons(1, 1)).toEqual([]);
    expect(pageButtons(1, 12)).toHaveLength(12);
    expect(pageButtons(1, 30)).toHaveLength(15);
    expect(pageButtons(1, 30, true)).toHaveLength(20);
    expect(pageButtons(1, 15)).toHaveLength(15);
    expect(pageButtons(30, 30)).toEqual(Array.from({ length: 15 }, (_, i) => 16 + i));
    expect(pageButtons(20, 40)).toContain(20);
  });

  it('wraps Prev from the first page and Next from the last', () => {
    expect(previousPage(1, 5)).toBe(5);
    expect(previousPage(3, 5)).toBe(2);
    expect(nextPage(5, 5)).toBe(1);
    expect(nextPage(2, 5)).toBe(3);
  });
});
