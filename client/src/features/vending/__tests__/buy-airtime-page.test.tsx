import { screen, waitFor, within } from '@testing-library/react';
import type { TUserType } from '@vendo/shared/constants';
import { describe, expect, it } from 'vitest';
import { buildContact, buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { cachedProfile, profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

const receipt = buildTransaction({
  _id: 'tx-air-1',
  trans_Id: 'VND261121AIR01',
  trans_Type: 'airtime',
  trans_amount: 99,
  phone_number: '08031234567',
  balance_Before: 5000,
  balance_After: 4901,
});

type TRoutes = Parameters<typeof stubHttp>[0];

const openBuyAirtime = ({
  routes = {},
  userType = 'smart earner',
  route = '/profile/buyairtime',
}: { routes?: TRoutes; userType?: TUserType; route?: string } = {}) => {
  const session = buildSession({ user: buildUser({ balance: 5000, userType }) });
  const server = profileServer(session);
  const requests = stubHttp({
    'GET /ussd': {
      status: 200,
      data: { ussdCodes: [{ id: 6, category: 'airtime', label: 'MTN', code: '*310#' }] },
    },
    'GET /auth': server.route,
    ...server.moving(routes),
  });
  const view = renderApp({ route, session: { token: session.token, user: session.user } });
  return { ...view, requests };
};

/** Buy airtime, then Buy now in the confirmation, which names the number and the charge. */
const buyAndConfirm = async (user: ReturnType<typeof openBuyAirtime>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Buy airtime' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
  await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));
};

const formAlert = () =>
  within(screen.getByRole('form', { name: 'Buy airtime' })).getByRole('alert');

const servicesWith = (airtimeOpen: boolean, glo = true) => ({
  status: 200,
  data: {
    services: [
      { name: 'airtime', isOpen: airtimeOpen },
      { name: 'data', isOpen: true },
      { name: 'electricity', isOpen: true },
    ],
    networks: ['MTN', 'GLO', 'AIRTEL', '9MOBILE'].map((network) => ({
      network,
      data: true,
      airtime: network === 'GLO' ? glo : true,
    })),
  },
});

describe('/profile/buyairtime', () => {
  it('says on arrival that airtime is paused, and disables Buy', async () => {
    openBuyAirtime({ routes: { 'GET /services': servicesWith(false) } });
    expect(await screen.findByTestId('paused-notice')).toHaveTextContent(
      'Airtime purchases are paused at the moment. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Buy airtime' })).toBeDisabled();
  });

  it('says one network’s airtime is paused once that network is chosen', async () => {
    const { user } = openBuyAirtime({ routes: { 'GET /services': servicesWith(true, false) } });
    const buy = await screen.findByRole('button', { name: 'Buy airtime' });
    await user.type(screen.getByLabelText('Phone number'), '08051234567');
    expect(await screen.findByTestId('paused-notice')).toHaveTextContent(
      'GLO airtime is paused; try another network or come back later.',
    );
    expect(buy).toBeDisabled();
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await waitFor(() => expect(screen.queryByTestId('paused-notice')).not.toBeInTheDocument());
    expect(buy).toBeEnabled();
  });

  it('asks to confirm the number, the airtime and the charge before any debit; Cancel buys nothing', async () => {
    const { user, requests } = openBuyAirtime();
    await user.type(await screen.findByLabelText('Phone number'), '08031234567');
    await user.type(screen.getByLabelText('Amount (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Buy airtime' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('Phone number08031234567');
    expect(dialog).toHaveTextContent('Airtime₦1,000.00');
    expect(dialog).toHaveTextContent('Price₦990.00');
    expect(within(dialog).getByTestId('balance-after')).toHaveTextContent('₦4,010.00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/buy/airtime')).toHaveLength(0);
  });

  it('shows the spec messages, including the nickname rule', async () => {
    const { user, requests } = openBuyAirtime();
    const buy = await screen.findByRole('button', { name: 'Buy airtime' });

    await user.click(buy);
    expect(formAlert()).toHaveTextContent('All fields are required');

    await user.type(screen.getByLabelText('Phone number'), '080312');
    await user.type(screen.getByLabelText('Amount (₦)'), '100');
    await user.click(buy);
    expect(formAlert()).toHaveTextContent('Please check the phone number entered');

    await user.type(screen.getByLabelText('Phone number'), '34567');
    await user.clear(screen.getByLabelText('Amount (₦)'));
    await user.type(screen.getByLabelText('Amount (₦)'), '50');
    await user.click(buy);
    expect(formAlert()).toHaveTextContent('Minimum purchase is ₦100');

    await user.clear(screen.getByLabelText('Amount (₦)'));
    await user.type(screen.getByLabelText('Amount (₦)'), '100');
    await user.click(screen.getByLabelText('Add this number to my contacts'));
    await user.click(buy);
    expect(formAlert()).toHaveTextContent('Please enter a nickname for the number');
    expect(screen.getByLabelText('Nickname')).toHaveAttribute('aria-invalid', 'true');

    expect(requests.filter((r) => r.url === '/buy/airtime')).toHaveLength(0);
  });

  it.each([
    ['smart earner', '₦990.00', '1% discount'],
    ['api user', '₦990.00', '1% discount'],
    ['reseller', '₦980.00', '2% discount'],
  ] as const)('charges a %s %s for ₦1,000 of airtime', async (userType, charge, discount) => {
    const { user } = openBuyAirtime({ userType });
    await user.type(await screen.findByLabelText('Amount (₦)'), '1000');
    const line = screen.getByTestId('airtime-charge');
    expect(line).toHaveTextContent(charge);
    expect(line).toHaveTextContent(discount);
  });

  it('buys, shows the receipt and the new balance, then saves the number as a contact', async () => {
    const { user, requests, store } = openBuyAirtime({
      routes: {
        'POST /buy/airtime': {
          status: 200,
          data: { msg: 'Transaction successful', receipt, balance: 4901 },
        },
        'POST /auth/contact': {
          status: 201,
          data: { msg: 'Contact saved', contact: buildContact(), contactList: [buildContact()] },
        },
      },
    });
    await user.type(await screen.findByLabelText('Phone number'), '08031234567');
    expect(screen.getByLabelText('Network')).toHaveValue('MTN');
    await user.type(screen.getByLabelText('Amount (₦)'), '100');
    await user.click(screen.getByLabelText('Add this number to my contacts'));
    await user.type(screen.getByLabelText('Nickname'), 'Chidi');
    await buyAndConfirm(user);

    const shown = within(await screen.findByTestId('receipt'));
    expect(shown.getByTestId('receipt-status')).toHaveTextContent('Successful');
    expect(shown.getByTestId('receipt-product')).toHaveTextContent('₦100.00 MTN airtime');
    expect(shown.getByTestId('receipt-amount')).toHaveTextContent('₦99.00');
    await waitFor(() => expect(cachedProfile(store)?.user.balance).toBe(4901));

    const purchase = requests.find((r) => r.url === '/buy/airtime')!;
    expect(purchase.body).toEqual({
      network: 1,
      mobile_number: '08031234567',
      amount: 100,
      ported: false,
      expectedAmount: 99, // the charge the form showed
    });
    expect(purchase.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests.find((r) => r.url === '/auth/contact')?.body).toEqual({
      contactName: 'Chidi',
      contactNumber: '08031234567',
      contactNetwork: 'MTN',
    });
  });

  it('sends 9MOBILE as airtime code 4, prefilled from a contact shortcut', async () => {
    const { user, requests } = openBuyAirtime({
      route: '/profile/buyairtime?phone=08091234567&network=9MOBILE',
      routes: {
        'POST /buy/airtime': {
          status: 202,
          data: {
            msg: 'Your purchase is being processed.',
            receipt: { ...receipt, trans_Status: 'pending', trans_Network: '9MOBILE' },
            balance: 4901,
          },
        },
      },
    });
    expect(await screen.findByLabelText('Phone number')).toHaveValue('08091234567');
    expect(screen.getByLabelText('Network')).toHaveValue('9MOBILE');
    await user.type(screen.getByLabelText('Amount (₦)'), '100');
    await buyAndConfirm(user);

    const shown = within(await screen.findByTestId('receipt'));
    expect(shown.getByTestId('receipt-status')).toHaveTextContent('Pending');
    expect(shown.getByTestId('receipt-note')).toHaveTextContent('will update shortly');
    expect(requests.find((r) => r.url === '/buy/airtime')?.body).toMatchObject({ network: 4 });
  });

  it('shows a refund, keeps the balance from the answer and saves no contact', async () => {
    const { user, requests, store } = openBuyAirtime({
      routes: {
        'POST /buy/airtime': {
          status: 400,
          data: {
            msg: 'Transaction failed: the network did not accept 08030000000. Your wallet has been refunded.',
            code: 'PURCHASE_FAILED',
            receipt: { ...receipt, trans_Status: 'refunded', phone_number: '08030000000' },
            balance: 5000,
          },
        },
      },
    });
    await user.type(await screen.findByLabelText('Phone number'), '08030000000');
    await user.type(screen.getByLabelText('Amount (₦)'), '100');
    await user.click(screen.getByLabelText('Add this number to my contacts'));
    await user.type(screen.getByLabelText('Nickname'), 'Broken');
    await buyAndConfirm(user);

    const shown = within(await screen.findByTestId('receipt'));
    expect(shown.getByTestId('receipt-status')).toHaveTextContent('Refunded');
    expect(shown.getByTestId('receipt-note')).toHaveTextContent('₦99.00 refunded to your wallet');
    expect(shown.getByText(/Your wallet has been refunded/)).toBeInTheDocument();
    await waitFor(() =>
      expect(cachedProfile(store)?.transactions[0]?.trans_Status).toBe('refunded'),
    );
    expect(cachedProfile(store)?.user.balance).toBe(5000);
    expect(requests.filter((r) => r.url === '/auth/contact')).toHaveLength(0);
  });

  it('asks to confirm a changed charge in a dialog, then buys at it under a new key', async () => {
    let calls = 0;
    const { user, requests } = openBuyAirtime({
      routes: {
        'POST /buy/airtime': () => {
          calls += 1;
          return calls === 1
            ? {
                status: 409,
                data: {
                  msg: 'The price changed from ₦99.00 to ₦98.00. Confirm the new price to buy.',
                  code: 'PRICE_CHANGED',
                  currentAmount: 98,
                },
              }
            : {
                status: 200,
                data: { msg: 'Transaction successful', receipt, balance: 4902 },
              };
        },
      },
    });
    await user.type(await screen.findByLabelText('Phone number'), '08031234567');
    await user.type(screen.getByLabelText('Amount (₦)'), '100');
    await buyAndConfirm(user);

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the new price' }));
    expect(dialog.getByTestId('price-change')).toHaveTextContent(
      'The price changed from ₦99.00 to ₦98.00. Confirm the new price to buy.',
    );
    expect(dialog.getByText('₦100.00 MTN airtime')).toBeInTheDocument();
    expect(dialog.getByText('₦98.00')).toBeInTheDocument();
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Buy now' }));
    await screen.findByTestId('receipt');
    const sent = requests.filter((r) => r.url === '/buy/airtime');
    expect(sent.map((r) => (r.body as { expectedAmount: number }).expectedAmount)).toEqual([
      99, 98,
    ]);
    expect(sent[1]!.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
  });

  it('buys nothing when the buyer cancels the new price', async () => {
    const { user, requests } = openBuyAirtime({
      routes: {
        'POST /buy/airtime': {
          status: 409,
          data: {
            msg: 'The price changed from ₦99.00 to ₦98.00. Confirm the new price to buy.',
            code: 'PRICE_CHANGED',
            currentAmount: 98,
          },
        },
      },
    });
    await user.type(await screen.findByLabelText('Phone number'), '08031234567');
    await user.type(screen.getByLabelText('Amount (₦)'), '100');
    await buyAndConfirm(user);
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the new price' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/buy/airtime')).toHaveLength(1);
  });

  it('falls back to the spec message when the server gives none', async () => {
    const { user } = openBuyAirtime({ routes: { 'POST /buy/airtime': { status: 500, data: {} } } });
    await user.type(await screen.findByLabelText('Phone number'), '08031234567');
    await user.type(screen.getByLabelText('Amount (₦)'), '100');
    await buyAndConfirm(user);

    expect(
      await screen.findAllByText(
        'An error occur. kindly confirm your balance before retrying the transaction',
      ),
    ).not.toHaveLength(0);
  });
});
