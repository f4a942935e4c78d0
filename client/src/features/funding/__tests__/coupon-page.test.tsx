import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { cachedProfile, profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

type TRoutes = Parameters<typeof stubHttp>[0];

const openCoupon = (routes: TRoutes = {}) => {
  const session = buildSession({ user: buildUser({ userName: 'chidi', balance: 1200.5 }) });
  const server = profileServer(session);
  const requests = stubHttp({ 'GET /auth': server.route, ...server.moving(routes) });
  const view = renderApp({
    route: '/profile/fundWallet/coupon',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests, session };
};

describe('/profile/fundWallet/coupon', () => {
  it("prefills the user's own username, read-only", async () => {
    openCoupon();
    const userName = await screen.findByLabelText('Username');
    expect(userName).toHaveValue('chidi');
    expect(userName).toHaveAttribute('readonly');
  });

  it("says 'Enter a coupon code' when the code is empty", async () => {
    const { user, requests } = openCoupon();
    await user.click(await screen.findByRole('button', { name: 'Redeem coupon' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Enter a coupon code');
    expect(requests.filter((r) => r.url === '/fundWallet/coupon')).toHaveLength(0);
  });

  it("redeems the code, goes to /profile and shows the balance with the coupon's amount", async () => {
    const { user, requests } = openCoupon({
      'POST /fundWallet/coupon': {
        status: 200,
        data: { msg: 'Wallet funded', amount: 500, balance: 1700.5 },
      },
    });
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦1,200.50');
    await user.type(await screen.findByLabelText('Coupon code'), ' VND-7QK2 ');
    await user.click(screen.getByRole('button', { name: 'Redeem coupon' }));

    expect(await screen.findByText('Wallet funded')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
    expect(await screen.findByTestId('balance')).toHaveTextContent('₦1,700.50');
    const sent = requests.find((r) => r.url === '/fundWallet/coupon')!;
    expect(sent.body).toEqual({ userName: 'chidi', coupon: 'VND-7QK2' });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The redemption invalidated the wallet: GET /auth was asked again after it.
    const redeemed = requests.findIndex((r) => r.url === '/fundWallet/coupon');
    expect(requests.slice(redeemed).some((r) => r.url === '/auth')).toBe(true);
  });

  it("shows the server's message for a used code and stays", async () => {
    const { user, store } = openCoupon({
      'POST /fundWallet/coupon': {
        status: 400,
        data: { msg: 'Invalid or used coupon code', code: 'INVALID_COUPON' },
      },
    });
    await user.type(await screen.findByLabelText('Coupon code'), 'USED');
    await user.click(screen.getByRole('button', { name: 'Redeem coupon' }));

    expect(await screen.findAllByText('Invalid or used coupon code')).not.toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/fundWallet/coupon');
    expect(cachedProfile(store)?.user.balance).toBe(1200.5);
  });
});
