import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { cachedProfile, profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

type TRoutes = Parameters<typeof stubHttp>[0];

const openDashboard = (userOverrides: Parameters<typeof buildUser>[0], routes: TRoutes = {}) => {
  const session = buildSession({ user: buildUser({ _id: 'user-42', ...userOverrides }) });
  const server = profileServer(session);
  const requests = stubHttp({ 'GET /auth': server.route, ...server.moving(routes) });
  const view = renderApp({
    route: '/profile',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests, session };
};

const upgradeButton = () => screen.findByRole('button', { name: 'Upgrade for ₦1,000' });

describe('dashboard upgrade card', () => {
  it('is not shown to resellers or api users', async () => {
    const first = openDashboard({ userType: 'reseller', balance: 5000 });
    await screen.findByTestId('balance');
    expect(screen.queryByRole('button', { name: /Upgrade for/ })).not.toBeInTheDocument();
    first.unmount();

    openDashboard({ userType: 'api user', balance: 5000 });
    await screen.findByTestId('balance');
    expect(screen.queryByRole('button', { name: /Upgrade for/ })).not.toBeInTheDocument();
  });

  it('asks for confirmation; Cancel sends nothing', async () => {
    const { user, requests } = openDashboard({ balance: 5000 });
    await user.click(await upgradeButton());
    const dialog = within(await screen.findByRole('dialog', { name: 'Upgrade to reseller' }));
    expect(dialog.getByText(/₦1,000.00 is taken from your wallet once/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('upgrades: toasts the message, takes the new user and goes to /', async () => {
    const upgraded = buildUser({ _id: 'user-42', userType: 'reseller', balance: 4000 });
    const { user, requests, store } = openDashboard(
      { balance: 5000 },
      {
        'PATCH /auth/user/user-42': {
          status: 200,
          data: { msg: 'You are now a reseller', user: upgraded },
        },
      },
    );
    await user.click(await upgradeButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upgrade now' }),
    );

    expect(await screen.findByText('You are now a reseller')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    // The upgrade invalidated the profile: GET /auth's new tier and balance are the ones kept.
    await waitFor(() => expect(cachedProfile(store)?.user.balance).toBe(4000));
    expect(cachedProfile(store)?.user.userType).toBe('reseller');
    expect(store.getState().auth.user?.userType).toBe('reseller');
    const sent = requests.find((r) => r.method === 'PATCH')!;
    expect(sent.body).toEqual({ userType: 'reseller' });
  });

  it("shows the server's 'Insufficient balance' and stays", async () => {
    const { user, store } = openDashboard(
      { balance: 500 },
      {
        'PATCH /auth/user/user-42': {
          status: 400,
          data: { msg: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' },
        },
      },
    );
    await user.click(await upgradeButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upgrade now' }),
    );

    const card = within(screen.getByRole('region', { name: 'Become a reseller' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(store.getState().auth.user?.userType).toBe('smart earner');
  });

  it("falls back to 'something went wrong' without a server message", async () => {
    const { user } = openDashboard(
      { balance: 5000 },
      { 'PATCH /auth/user/user-42': 'network-error' },
    );
    await user.click(await upgradeButton());
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upgrade now' }),
    );

    const card = within(screen.getByRole('region', { name: 'Become a reseller' }));
    expect(await card.findByRole('alert')).toHaveTextContent('something went wrong');
  });
});
