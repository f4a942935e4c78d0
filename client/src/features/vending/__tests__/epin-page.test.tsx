import { screen, within } from '@testing-library/react';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { describe, expect, it } from 'vitest';
import { buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

// MTN sells no ₦1,000 cards today: that value must not be offered for MTN.
const PRODUCTS = [
  { network: 'MTN', value: 500, amount: 485 },
  { network: 'MTN', value: 100, amount: 97 },
  { network: 'MTN', value: 200, amount: 194 },
  { network: 'GLO', value: 100, amount: 96 },
  { network: 'GLO', value: 1000, amount: 960 },
];

const PINS = [
  { pin: '1234567890123456', serial: 'SN0001' },
  { pin: '2345678901234567', serial: 'SN0002' },
  { pin: '3456789012345678', serial: null },
];

const epinReceipt = buildTransaction({
  _id: 'tx-epin-1',
  trans_Id: 'VND261127EPIN01',
  trans_Type: 'epin',
  trans_Network: 'MTN',
  trans_amount: 485,
  phone_number: null,
  balance_Before: 50000,
  balance_After: 49515,
  details: { quantity: 5, cardValue: 100 },
  pins: [...PINS, { pin: '4567890123456789', serial: 'SN0004' }, { pin: '5678', serial: 'SN5' }],
});

/** The supplier had 3 of the 5 cards: ₦194 of the ₦485 charged went back to the wallet. */
const shortReceipt = buildTransaction({
  ...epinReceipt,
  trans_amount: 291,
  balance_After: 49709,
  details: { quantity: 5, cardValue: 100, delivered: 3, undeliveredRefund: 194 },
  pins: PINS,
});

type TRoutes = Parameters<typeof stubHttp>[0];

const openEpin = (
  routes: TRoutes = {},
  route = '/profile/epin',
  transactions: TTransaction[] = [],
) => {
  const session = buildSession({ user: buildUser({ balance: 50000 }), transactions });
  const server = profileServer(session);
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /epin/products': { status: 200, data: { products: PRODUCTS } },
    ...server.moving(routes),
  });
  const view = renderApp({ route, session: { token: session.token, user: session.user } });
  return { ...view, requests };
};

const chooseCards = async (
  user: ReturnType<typeof openEpin>['user'],
  network: string,
  value: RegExp,
) => {
  await user.click(await screen.findByRole('radio', { name: network }));
  await user.click(await screen.findByRole('radio', { name: value }));
};

describe('/profile/epin', () => {
  it('says on arrival that a network’s e-PINs are paused, and disables Buy for it', async () => {
    const { user } = openEpin({
      'GET /bills/services': {
        status: 200,
        data: {
          services: [
            { serviceId: 'epin-mtn', name: 'MTN e-PINs', kind: 'epin', isOpen: false },
            { serviceId: 'epin-glo', name: 'GLO e-PINs', kind: 'epin', isOpen: true },
          ],
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'MTN' }));
    expect(await screen.findByTestId('paused-notice')).toHaveTextContent(
      'MTN e-PINs are paused at the moment; try again later.',
    );
    expect(screen.getByRole('button', { name: 'Buy cards' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'GLO' }));
    expect(screen.queryByTestId('paused-notice')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy cards' })).toBeEnabled();
  });

  it('offers the values on sale for the network, totals the cards and buys { network, value, quantity }', async () => {
    const answer = { msg: 'Cards delivered', receipt: epinReceipt, balance: 49515 };
    const { user, requests } = openEpin({ 'POST /buy/epin': { status: 200, data: answer } });

    await user.click(await screen.findByRole('radio', { name: 'MTN' }));
    const values = within(screen.getByRole('group', { name: 'Card value' }));
    expect(
      (await values.findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['₦100 ₦97.00 a card', '₦200 ₦194.00 a card', '₦500 ₦485.00 a card']);

    await user.click(values.getByRole('radio', { name: /^₦100 / }));
    const quantity = screen.getByLabelText('Number of cards');
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(screen.getByTestId('epin-charge')).toHaveTextContent('5 × ₦97.00');
    expect(screen.getByTestId('epin-charge')).toHaveTextContent('₦485.00');
    await user.type(quantity, '0'); // 50 cards
    expect(screen.getByTestId('epin-charge')).toHaveTextContent('₦4,850.00');
    await user.clear(quantity);
    await user.type(quantity, '5');

    await user.click(screen.getByRole('button', { name: 'Buy cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('Card value₦100');
    expect(dialog).toHaveTextContent('Number of cards5');
    expect(within(dialog).getByTestId('balance-after')).toHaveTextContent('₦49,515.00');
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));

    const cards = await screen.findByTestId('epin-cards');
    expect(screen.getByTestId('receipt-product')).toHaveTextContent('MTN ₦100 cards × 5');
    expect(within(cards).getAllByTestId('exam-pin')).toHaveLength(5);
    expect(within(cards).getAllByTestId('pin-dial')[0]).toHaveTextContent('*555*1234567890123456#');
    expect(screen.queryByTestId('epin-shortfall')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/buy/epin').map((r) => r.body)).toEqual([
      { network: 'MTN', value: 100, quantity: 5 },
    ]);
  }, 15_000);

  it('drops a value the new network does not sell', async () => {
    const { user } = openEpin();
    await chooseCards(user, 'GLO', /^₦1,000 /);
    expect(screen.getByTestId('epin-charge')).toHaveTextContent('₦960.00');
    await user.click(screen.getByRole('radio', { name: 'MTN' }));
    expect(screen.queryByRole('radio', { name: /^₦1,000 / })).not.toBeInTheDocument();
    expect(screen.queryByTestId('epin-charge')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '9MOBILE' }));
    expect(screen.getByTestId('epin-values-hint')).toHaveTextContent(
      'No 9MOBILE cards are on sale right now. Try another network.',
    );
  });

  it.each(['0', '101'])('refuses %s cards with the schema message', async (count) => {
    const { user, requests } = openEpin();
    await chooseCards(user, 'MTN', /^₦200 /);
    const quantity = screen.getByLabelText('Number of cards');
    await user.clear(quantity);
    await user.type(quantity, count);
    expect(screen.queryByTestId('epin-charge')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy cards' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter how many cards (1 to 100)');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === '/buy/epin')).toBe(false);
  });
});

describe('e-PIN receipts', () => {
  it('shows the cards and says how many were delivered and what came back', async () => {
    const { requests } = openEpin(
      { 'GET /transaction/tx-epin-1': { status: 200, data: { transaction: shortReceipt } } },
      '/profile/receipt/tx-epin-1',
      // The recent list leaves PINs out: the receipt asks the server for them.
      [{ ...shortReceipt, pins: undefined }],
    );
    const cards = await screen.findByTestId('epin-cards');
    expect(within(cards).getByRole('heading', { name: 'Your 3 cards' })).toBeInTheDocument();
    expect(
      within(cards)
        .getAllByTestId('exam-pin')
        .map((pin) => pin.textContent),
    ).toEqual(PINS.map(({ pin }) => pin));
    expect(
      within(cards)
        .getAllByTestId('pin-dial')
        .map((dial) => dial.textContent),
    ).toEqual(PINS.map(({ pin }) => `*555*${pin}#`));
    expect(cards).toHaveTextContent('Serial SN0002');
    expect(cards).toHaveTextContent('MTN ₦100 · Dial');
    expect(screen.getByTestId('epin-shortfall')).toHaveTextContent(
      'Only 3 of 5 cards were delivered; ₦194.00 for the other cards is back in your wallet.',
    );
    const receipt = screen.getByTestId('receipt');
    expect(receipt).toHaveTextContent('Cards ordered5');
    expect(receipt).toHaveTextContent('Cards delivered3');
    expect(screen.getByTestId('receipt-amount')).toHaveTextContent('₦291.00');
    expect(within(cards).getByRole('link', { name: 'Print cards' })).toHaveAttribute(
      'href',
      '/profile/epins/tx-epin-1/print',
    );
    expect(within(cards).getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy more e-PINs' })).toHaveAttribute(
      'href',
      '/profile/epin',
    );
    expect(requests.some((r) => r.url === '/transaction/tx-epin-1')).toBe(true);
  });

  it('says the cards come once a pending purchase is confirmed', async () => {
    const pending = { ...epinReceipt, trans_Status: 'pending' as const, pins: undefined };
    openEpin(
      { 'GET /transaction/tx-epin-1': { status: 200, data: { transaction: pending } } },
      '/profile/receipt/tx-epin-1',
    );
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Pending');
    expect(screen.getByText('The cards show here once the purchase is confirmed.')).toBeVisible();
    expect(screen.queryByTestId('epin-cards')).not.toBeInTheDocument();
  });
});
