import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

const QUOTE = '3f1c2a9e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';

const verified = {
  customerName: 'ADEBAYO OLUWASEUN',
  currentBouquet: 'DStv Compact',
  currentBouquetCode: 'dstv-compact',
  dueDate: '2026-12-02',
  renewalAmount: 19000,
  quoteId: QUOTE,
  expiresAt: '2026-11-27T10:15:00.000Z',
};

const PLANS = [
  { code: 'dstv-padi', name: 'DStv Padi', amount: 4400, provider: 'dstv' },
  { code: 'dstv-premium', name: 'DStv Premium', amount: 44500, provider: 'dstv' },
];

const cableReceipt = (details: Record<string, string>, amount: number) =>
  buildTransaction({
    _id: 'tx-cable-1',
    trans_Id: 'VND261127CABLE1',
    trans_Type: 'cable',
    trans_Network: 'dstv',
    trans_amount: amount,
    phone_number: '08031234567',
    balance_Before: 50000,
    balance_After: 50000 - amount,
    details: {
      provider: 'dstv',
      smartcardNumber: '1212121212',
      phoneNumber: '08031234567',
      ...details,
    },
  });

type TRoutes = Parameters<typeof stubHttp>[0];

const openTv = (routes: TRoutes = {}) => {
  const session = buildSession({ user: buildUser({ balance: 50000 }) });
  const server = profileServer(session);
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /cable/plans': { status: 200, data: { plans: PLANS } },
    'POST /cable/verify': (request) =>
      (request.body as { smartcardNumber: string }).smartcardNumber.endsWith('0000')
        ? { status: 400, data: { msg: 'Invalid smartcard number', code: 'VALIDATION_ERROR' } }
        : { status: 200, data: verified },
    ...server.moving(routes),
  });
  const view = renderApp({
    route: '/profile/tv',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

type TUser = ReturnType<typeof openTv>['user'];

const verify = async (user: TUser, smartcard = '1212121212') => {
  await user.selectOptions(await screen.findByLabelText('Provider'), 'dstv');
  await user.type(screen.getByLabelText('Smartcard / IUC number'), smartcard);
  await user.click(screen.getByRole('button', { name: 'Verify' }));
};

const buyBodies = (requests: { url: string; body: unknown }[]) =>
  requests.filter((r) => r.url === '/buy/cable').map((r) => r.body);

describe('/profile/tv', () => {
  it('shows the subscriber, bouquet and due date, then renews at the quoted amount', async () => {
    const answer = {
      msg: 'Subscription successful',
      receipt: cableReceipt({ bouquet: 'DStv Compact', subscriptionType: 'renew' }, 19000),
      balance: 31000,
    };
    const { user, requests } = openTv({ 'POST /buy/cable': { status: 200, data: answer } });
    await verify(user);

    const customer = await screen.findByTestId('cable-customer');
    expect(customer).toHaveTextContent('ADEBAYO OLUWASEUN');
    expect(customer).toHaveTextContent('DStv Compact');
    expect(customer).toHaveTextContent('2 Dec 2026');
    expect(screen.getByLabelText('Smartcard / IUC number')).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'Renew' })).toBeChecked();
    expect(screen.getByTestId('cable-charge')).toHaveTextContent('₦19,000.00');

    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('DStv Compact renewal');
    expect(dialog).toHaveTextContent('ADEBAYO OLUWASEUN');
    expect(within(dialog).getByTestId('balance-after')).toHaveTextContent('₦31,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));

    expect(await screen.findByTestId('receipt-product')).toHaveTextContent('DStv Compact renewal');
    const rows = screen.getByTestId('receipt');
    expect(rows).toHaveTextContent('Smartcard / IUC1212121212');
    expect(rows).toHaveTextContent('SubscriptionRenewal');
    // A renewal sends the quote, never an amount.
    expect(buyBodies(requests)).toEqual([
      {
        provider: 'dstv',
        smartcardNumber: '1212121212',
        phone: '08031234567',
        subscriptionType: 'renew',
        quoteId: QUOTE,
      },
    ]);
    expect(requests.find((r) => r.url === '/buy/cable')?.headers['Idempotency-Key']).toBeTruthy();
  }, 15_000);

  it('changes the bouquet to one from the priced list', async () => {
    const answer = {
      msg: 'Subscription successful',
      receipt: cableReceipt({ bouquet: 'DStv Premium', subscriptionType: 'change' }, 44500),
      balance: 5500,
    };
    const { user, requests } = openTv({ 'POST /buy/cable': { status: 200, data: answer } });
    await verify(user);
    await user.click(await screen.findByRole('radio', { name: 'Change bouquet' }));

    const bouquet = screen.getByLabelText('Bouquet');
    await within(bouquet).findByRole('option', { name: 'DStv Premium - ₦44,500.00' });
    // Buying without a bouquet is refused with the shared schema's words.
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(
      within(screen.getByRole('form', { name: 'Pay subscription' })).getByRole('alert'),
    ).toHaveTextContent('Choose a bouquet');

    await user.selectOptions(bouquet, 'dstv-premium');
    expect(screen.getByTestId('cable-charge')).toHaveTextContent('₦44,500.00');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('DStv Premium subscription');
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));

    expect(await screen.findByTestId('receipt-product')).toHaveTextContent(
      'DStv Premium subscription',
    );
    expect(buyBodies(requests)).toEqual([
      {
        provider: 'dstv',
        smartcardNumber: '1212121212',
        phone: '08031234567',
        subscriptionType: 'change',
        planCode: 'dstv-premium',
      },
    ]);
  }, 15_000);

  it('shows why a smartcard is refused and buys nothing', async () => {
    const { user, requests } = openTv();
    await verify(user, '1234560000');

    const alert = await within(screen.getByRole('form', { name: 'Verify smartcard' })).findByRole(
      'alert',
    );
    expect(alert).toHaveTextContent('Invalid smartcard number');
    expect(screen.queryByRole('form', { name: 'Pay subscription' })).not.toBeInTheDocument();
    await waitFor(() => expect(buyBodies(requests)).toHaveLength(0));
  });
});
