import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { holdReplies, stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

const openDashboard = (userOverrides: Parameters<typeof buildUser>[0] = {}) => {
  const session = buildSession({ user: buildUser(userOverrides) });
  const requests = stubHttp({ 'GET /auth': { status: 200, data: profileOf(session) } });
  const view = renderApp({
    route: '/profile',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests, session };
};

describe('/profile dashboard', () => {
  it('shows the user name and the balance in naira with 2 decimals', async () => {
    openDashboard({ userName: 'chidi', balance: 1500.5 });

    expect(await screen.findByTestId('balance')).toHaveTextContent('₦1,500.50');
    expect(screen.getByTestId('dashboard-username')).toHaveTextContent('chidi');
    const balanceCard = within(screen.getByRole('region', { name: 'Wallet balance' }));
    expect(balanceCard.getByRole('link', { name: 'Fund wallet' })).toHaveAttribute(
      'href',
      '/profile/fundWallet',
    );
  });

  it('refreshes the profile from GET /auth on each visit', async () => {
    const session = buildSession({ user: buildUser({ balance: 10 }) });
    const requests = stubHttp({
      'GET /auth': {
        status: 200,
        data: profileOf(buildSession({ user: buildUser({ balance: 2500 }) })),
      },
    });
    renderApp({ route: '/profile', session: { token: session.token, user: session.user } });

    expect(await screen.findByText('₦2,500.00')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/auth')).toHaveLength(1);
  });

  it('draws the screen from the stored session at once; the balance waits for the server', async () => {
    const session = buildSession({ user: buildUser({ userName: 'ngozi', balance: 777 }) });
    stubHttp({ 'GET /auth': { status: 200, data: profileOf(session) } });
    const release = holdReplies();
    renderApp({ route: '/profile', session: { token: session.token, user: session.user } });

    expect(await screen.findByTestId('dashboard-username')).toHaveTextContent('ngozi');
    expect(screen.getByRole('navigation', { name: 'Services' })).toBeInTheDocument();
    expect(screen.queryByTestId('balance')).not.toBeInTheDocument();
    release();
    expect(await screen.findByTestId('balance')).toHaveTextContent('₦777.00');
  });

  it('has the eight service tiles', async () => {
    openDashboard();
    const tiles = within(await screen.findByRole('navigation', { name: 'Services' }));
    expect(tiles.getAllByRole('link').map((tile) => tile.textContent)).toEqual([
      'Airtime',
      'Data',
      'Tv',
      'Utility',
      'Exam PINs',
      'e-PINs',
      'History',
      'Contacts',
    ]);
  });

  it('says clearly when there is no payment account', async () => {
    openDashboard({ accountNumbers: [] });
    expect(await screen.findByTestId('no-payment-accounts')).toHaveTextContent(
      'You have no payment account yet',
    );
  });

  it('lists payment accounts with a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { user } = openDashboard({
      accountNumbers: [
        { bankName: 'PalmPay', accountNumber: '6612345678', accountName: 'Vendo-chidi' },
      ],
    });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(writeText);

    expect(await screen.findByText('6612345678')).toBeInTheDocument();
    expect(screen.getByText('PalmPay')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy account number 6612345678' }));

    expect(writeText).toHaveBeenCalledWith('6612345678');
    expect(await screen.findByText('Account number copied')).toBeInTheDocument();
  });

  it("copies the referral link and toasts 'Referral link copied'", async () => {
    const { user } = openDashboard({ userName: 'chidi' });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);

    const link = `${window.location.origin}/register/chidi`;
    expect(await screen.findByLabelText('Referral link')).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));

    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText('Referral link copied')).toBeInTheDocument();
  });

  it('offers the upgrade only to smart earners', async () => {
    const first = openDashboard({ userType: 'smart earner' });
    expect(await screen.findByRole('heading', { name: 'Become a reseller' })).toBeInTheDocument();
    first.unmount();

    openDashboard({ userType: 'reseller' });
    await screen.findByTestId('balance');
    expect(screen.queryByRole('heading', { name: 'Become a reseller' })).not.toBeInTheDocument();
  });
});
