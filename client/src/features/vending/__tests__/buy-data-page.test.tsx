import { screen, waitFor, within } from '@testing-library/react';
import type { TDataPlan } from '@vendo/shared/schemas/catalogue';
import { describe, expect, it } from 'vitest';
import { buildPlan, buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp, type TRecordedRequest } from '@/test/http-stub';
import { cachedProfile, profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

const PLANS: Record<string, TDataPlan[]> = {
  MTN: [
    buildPlan({ id: '1', plan: '500MB', plan_type: 'SME', plan_amount: 400 }),
    buildPlan({ id: '2', plan: '1GB', plan_type: 'SME', plan_amount: 600 }),
    buildPlan({ id: '7', plan: '1GB', plan_type: 'CG', plan_amount: 550 }),
    buildPlan({
      id: '9',
      plan: '2GB',
      plan_type: 'CG',
      plan_amount: 1100,
      isAvailable: false,
    } as Partial<TDataPlan>),
  ],
  GLO: [
    buildPlan({ id: '24', plan: '500MB', plan_type: 'CG', plan_network: 'GLO', plan_amount: 235 }),
    buildPlan({ id: '25', plan: '1GB', plan_type: 'CG', plan_network: 'GLO', plan_amount: 460 }),
  ],
  AIRTEL: [],
  '9MOBILE': [],
};

const receipt = buildTransaction({
  _id: 'tx-data-1',
  trans_Id: 'VND261121DATA01',
  trans_amount: 600,
  balance_Before: 5000,
  balance_After: 4400,
});

type TRoutes = Parameters<typeof stubHttp>[0];

const openBuyData = (routes: TRoutes = {}, route = '/profile/buydata') => {
  const session = buildSession({ user: buildUser({ balance: 5000 }) });
  const server = profileServer(session);
  const requests = stubHttp({
    'POST /prices': (request) => ({
      status: 200,
      data: PLANS[(request.body as { network: string }).network] ?? [],
    }),
    'GET /ussd': {
      status: 200,
      data: { ussdCodes: [{ id: 1, category: 'data', label: 'MTN SME', code: '*461*4#' }] },
    },
    'GET /auth': server.route,
    ...server.moving(routes),
  });
  const view = renderApp({ route, session: { token: session.token, user: session.user } });
  return { ...view, requests };
};

const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

type TUser = ReturnType<typeof openBuyData>['user'];

/** Picks an MTN plan once the plans have arrived. */
const chooseMtnPlan = async (user: TUser, type = 'SME', planId = '2') => {
  const select = await screen.findByLabelText('Data type');
  await within(select).findByRole('option', { name: type });
  await user.selectOptions(select, type);
  await user.selectOptions(screen.getByLabelText('Data plan'), planId);
};

const pricesCalls = (requests: TRecordedRequest[]) =>
  requests.filter((r) => r.url === '/prices').map((r) => (r.body as { network: string }).network);

describe('/profile/buydata', () => {
  it("asks MTN buyers for a data type first ('select type'), then lists only that type", async () => {
    const { user } = openBuyData();
    const plan = await screen.findByLabelText('Data plan');
    const type = screen.getByLabelText('Data type');

    await within(type).findByRole('option', { name: 'CG' });
    expect(optionLabels(type)).toEqual(['Select type', 'SME', 'CG']);
    await waitFor(() => expect(plan).toHaveDisplayValue('Select a data type first'));
    expect(plan).toBeDisabled();

    await user.selectOptions(type, 'CG');
    expect(optionLabels(plan)).toEqual(['Select plan', 'MTN 1GB · ₦550.00 · 30 days · CG']);

    await user.selectOptions(type, 'SME');
    expect(optionLabels(plan)).toEqual([
      'Select plan',
      'MTN 500MB · ₦400.00 · 30 days · SME',
      'MTN 1GB · ₦600.00 · 30 days · SME',
    ]);
  });

  it('offers only the available plans the server priced for the network', async () => {
    const { user, requests } = openBuyData();
    await user.selectOptions(await screen.findByLabelText('Network'), 'GLO');

    expect(screen.queryByLabelText('Data type')).not.toBeInTheDocument();
    const plan = screen.getByLabelText('Data plan');
    await waitFor(() =>
      expect(optionLabels(plan)).toEqual([
        'Select plan',
        'GLO 500MB · ₦235.00 · 30 days · CG',
        'GLO 1GB · ₦460.00 · 30 days · CG',
      ]),
    );
    expect(pricesCalls(requests)).toEqual(['MTN', 'GLO']);

    // The unavailable MTN 2GB CG plan is never offered.
    await user.selectOptions(screen.getByLabelText('Network'), 'MTN');
    await chooseMtnPlan(user, 'CG', '7');
    expect(optionLabels(screen.getByLabelText('Data plan'))).not.toContain(
      'MTN 2GB · ₦1,100.00 · 30 days · CG',
    );
  });

  it('shows the spec messages for missing or wrong values', async () => {
    const { user } = openBuyData();
    const network = await screen.findByLabelText('Network');
    const buy = screen.getByRole('button', { name: 'Buy' });

    await user.selectOptions(network, '');
    await user.click(buy);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a network');

    await user.selectOptions(network, 'MTN');
    await user.click(buy);
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide all values');

    await chooseMtnPlan(user);
    await user.type(screen.getByLabelText('Phone number'), '0803123');
    await user.click(buy);
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the phone number entered');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('picks the network from the number and sends ported when the user overrides it', async () => {
    const { user, requests } = openBuyData({
      'POST /buy/data': {
        status: 200,
        data: { msg: 'Transaction successful', receipt, balance: 4400 },
      },
    });
    await screen.findByLabelText('Network');
    await user.type(screen.getByLabelText('Phone number'), '08051234567');
    expect(screen.getByLabelText('Network')).toHaveValue('GLO');
    expect(screen.getByText('GLO number')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Network'), 'MTN');
    expect(
      screen.getByText('GLO prefix: it will be sent as a ported MTN number.'),
    ).toBeInTheDocument();
    await chooseMtnPlan(user);
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Buy now' }));

    await screen.findByTestId('receipt');
    expect(requests.find((r) => r.url === '/buy/data')?.body).toEqual({
      network: 1,
      mobile_number: '08051234567',
      plan: '2',
      ported: true,
      expectedAmount: 600,
    });
  });

  it('closes the confirm dialog and reloads the plans when the network changes', async () => {
    const { user, requests } = openBuyData();
    await chooseMtnPlan(user);
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByRole('dialog', { name: 'Confirm purchase' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Network'), 'GLO');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(pricesCalls(requests)).toEqual(['MTN', 'GLO']));
    expect(screen.getByLabelText('Data plan')).toHaveValue('');
  });

  it('confirms plan, phone and price, then shows the receipt and the balance from the answer', async () => {
    const { user, requests, store } = openBuyData({
      'POST /buy/data': {
        status: 200,
        data: { msg: 'Transaction successful', receipt, balance: 4400 },
      },
    });
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦5,000.00');
    await chooseMtnPlan(user);
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    expect(screen.getByTestId('data-charge')).toHaveTextContent('₦600.00');
    await user.click(screen.getByRole('button', { name: 'Buy' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Confirm purchase' }));
    expect(dialog.getByText('MTN 1GB SME, 30 days')).toBeInTheDocument();
    expect(dialog.getByText('08031234567')).toBeInTheDocument();
    expect(dialog.getByText('₦600.00')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Buy now' }));

    const shown = within(await screen.findByTestId('receipt'));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/receipt/tx-data-1');
    expect(shown.getByTestId('receipt-status')).toHaveTextContent('Successful');
    expect(shown.getByTestId('receipt-product')).toHaveTextContent('MTN 1GB SME data (30 days)');
    expect(shown.getByText('VND261121DATA01')).toBeInTheDocument();
    // The purchase invalidated the wallet: GET /auth was asked again and its answer is shown.
    await waitFor(() => expect(cachedProfile(store)?.user.balance).toBe(4400));
    expect(cachedProfile(store)?.transactions[0]).toEqual(receipt);
    const bought = requests.findIndex((r) => r.url === '/buy/data');
    expect(requests.slice(bought).some((r) => r.url === '/auth')).toBe(true);

    const sent = requests.find((r) => r.url === '/buy/data')!;
    expect(sent.body).toEqual({
      network: 1,
      mobile_number: '08031234567',
      plan: '2',
      ported: false,
      expectedAmount: 600, // the price the dialog showed
    });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(shown.getByRole('link', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/));
  });

  it('resends the same Idempotency-Key when Buy now is retried after no answer', async () => {
    let calls = 0;
    const { user, requests } = openBuyData({
      'POST /buy/data': () => {
        calls += 1;
        return calls === 1
          ? 'network-error'
          : { status: 200, data: { msg: 'Transaction successful', receipt, balance: 4400 } };
      },
    });
    await chooseMtnPlan(user);
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Buy now' }));

    expect(
      await dialog.findByText(
        'An error occur. kindly confirm your balance before retrying the transaction',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Buy now' }));
    await screen.findByTestId('receipt');

    const keys = requests
      .filter((r) => r.url === '/buy/data')
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses a new Idempotency-Key for a new confirmation after a definite refusal', async () => {
    const { user, requests } = openBuyData({
      'POST /buy/data': {
        status: 400,
        data: { msg: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' },
      },
    });
    await chooseMtnPlan(user);
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await user.click(screen.getByRole('button', { name: 'Buy' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Buy now' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }

    const form = within(screen.getByRole('form', { name: 'Buy data' }));
    expect(form.getByRole('alert')).toHaveTextContent('Insufficient balance');
    const keys = requests
      .filter((r) => r.url === '/buy/data')
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows a price change in the dialog and buys only once the new price is confirmed, under a new key', async () => {
    let calls = 0;
    const { user, requests } = openBuyData({
      'POST /buy/data': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 409,
              data: {
                msg: 'The price changed from ₦600.00 to ₦750.00. Confirm the new price to buy.',
                code: 'PRICE_CHANGED',
                currentAmount: 750,
              },
            }
          : {
              status: 200,
              data: { msg: 'Transaction successful', receipt, balance: 4250 },
            };
      },
    });
    await chooseMtnPlan(user);
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Confirm purchase' }));
    expect(dialog.getByText('₦600.00')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Buy now' }));

    // The dialog stays, says what changed and shows the new price; nothing else is sent.
    expect(await dialog.findByTestId('price-change')).toHaveTextContent(
      'The price changed from ₦600.00 to ₦750.00. Confirm the new price to buy.',
    );
    expect(dialog.getByText('₦750.00')).toBeInTheDocument();
    expect(dialog.queryByText('₦600.00')).not.toBeInTheDocument();
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/buy/data')).toHaveLength(1);

    await user.click(dialog.getByRole('button', { name: 'Buy now' }));
    await screen.findByTestId('receipt');
    const sent = requests.filter((r) => r.url === '/buy/data');
    expect(sent.map((r) => (r.body as { expectedAmount: number }).expectedAmount)).toEqual([
      600, 750,
    ]);
    // The first key keeps its 409 on the server: the confirmed purchase is a new one.
    expect(sent[1]!.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
    // The plans were priced again after the change.
    expect(pricesCalls(requests).length).toBeGreaterThan(1);
  });

  it('shows a failed purchase as refunded, with the refunded balance', async () => {
    const refunded = { ...receipt, trans_Status: 'refunded' as const };
    const { user, store } = openBuyData({
      'POST /buy/data': {
        status: 400,
        data: {
          msg: 'Transaction failed: the network did not accept 08030000000. Your wallet has been refunded.',
          code: 'PURCHASE_FAILED',
          receipt: refunded,
          balance: 5000,
        },
      },
    });
    await chooseMtnPlan(user);
    await user.type(screen.getByLabelText('Phone number'), '08030000000');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Buy now' }));

    const shown = within(await screen.findByTestId('receipt'));
    expect(shown.getByTestId('receipt-status')).toHaveTextContent('Refunded');
    expect(shown.getByTestId('receipt-note')).toHaveTextContent('₦600.00 refunded to your wallet');
    expect(shown.getByText('Balance after refund').nextSibling).toHaveTextContent('₦5,000.00');
    // A refused purchase moved money too (debited, then refunded): the wallet is asked again.
    await waitFor(() => expect(cachedProfile(store)?.transactions[0]).toEqual(refunded));
    expect(cachedProfile(store)?.user.balance).toBe(5000);
  });

  it('lists the balance-check codes for data', async () => {
    openBuyData();
    const card = within(await screen.findByRole('region', { name: 'Check your data balance' }));
    expect(card.getByRole('link', { name: '*461*4#' })).toHaveAttribute('href', 'tel:*461*4%23');
  });

  it('opens prefilled from a contact shortcut', async () => {
    openBuyData({}, '/profile/buydata?phone=08051234567&network=GLO');
    expect(await screen.findByLabelText('Phone number')).toHaveValue('08051234567');
    expect(screen.getByLabelText('Network')).toHaveValue('GLO');
  });
});
