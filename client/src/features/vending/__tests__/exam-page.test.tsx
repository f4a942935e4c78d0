import { screen, within } from '@testing-library/react';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

const QUOTE = '7b2d4e6f-1a3c-4b5d-8e9f-0a1b2c3d4e5f';

const PRODUCTS = [
  { code: 'waec', name: 'WAEC result checker PIN', amount: 3900, needsProfile: false },
  { code: 'jamb-utme', name: 'JAMB UTME PIN', amount: 7700, needsProfile: true },
];

const PINS = [
  { pin: '482910375612', serial: 'WRN182736450' },
  { pin: '905512348870', serial: 'WRN182736451' },
];

const examReceipt = buildTransaction({
  _id: 'tx-exam-1',
  trans_Id: 'VND261127EXAM01',
  trans_Type: 'exam',
  trans_Network: 'waec',
  trans_amount: 7800,
  phone_number: '08031234567',
  balance_Before: 50000,
  balance_After: 42200,
  details: { product: 'waec', quantity: 2, phoneNumber: '08031234567' },
  pins: PINS,
});

type TRoutes = Parameters<typeof stubHttp>[0];

const openExam = (
  routes: TRoutes = {},
  route = '/profile/exam',
  transactions: TTransaction[] = [],
) => {
  const session = buildSession({ user: buildUser({ balance: 50000 }), transactions });
  const server = profileServer(session);
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /exam/products': { status: 200, data: { products: PRODUCTS } },
    'POST /exam/verify': {
      status: 200,
      data: { candidateName: 'CHIAMAKA OBI', quoteId: QUOTE, expiresAt: '2026-11-27T10:15:00Z' },
    },
    ...server.moving(routes),
  });
  const view = renderApp({ route, session: { token: session.token, user: session.user } });
  return { ...view, requests };
};

const chooseProduct = async (user: ReturnType<typeof openExam>['user'], code: string) => {
  const select = await screen.findByLabelText('Exam PIN');
  await within(select).findByRole('option', { name: /WAEC/ });
  await user.selectOptions(select, code);
};

describe('/profile/exam', () => {
  it('buys WAEC PINs and shows each with Copy, and Print', async () => {
    const answer = { msg: 'PINs delivered', receipt: examReceipt, balance: 42200 };
    const { user, requests } = openExam({ 'POST /buy/exam': { status: 200, data: answer } });
    await chooseProduct(user, 'waec');
    await user.selectOptions(screen.getByLabelText('Quantity'), '2');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    expect(screen.getByTestId('exam-charge')).toHaveTextContent('₦7,800.00');
    await user.click(screen.getByRole('button', { name: 'Buy' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('WAEC result checker PIN');
    expect(within(dialog).getByTestId('balance-after')).toHaveTextContent('₦42,200.00');
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));

    const pins = await screen.findByTestId('exam-pins');
    expect(
      within(pins)
        .getAllByTestId('exam-pin')
        .map((pin) => pin.textContent),
    ).toEqual(['482910375612', '905512348870']);
    expect(pins).toHaveTextContent('Serial WRN182736451');
    expect(screen.getByTestId('receipt-product')).toHaveTextContent('2 × WAEC result checker PIN');

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    await user.click(within(pins).getByRole('button', { name: 'Copy PIN 2' }));
    expect(writeText).toHaveBeenCalledWith('905512348870');

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(within(pins).getByRole('button', { name: 'Print PINs' }));
    expect(print).toHaveBeenCalled();

    expect(requests.filter((r) => r.url === '/buy/exam').map((r) => r.body)).toEqual([
      { product: 'waec', quantity: 2, phone: '08031234567' },
    ]);
  }, 15_000);

  it('does not sell a JAMB PIN before the candidate profile is verified', async () => {
    const jambReceipt = {
      ...examReceipt,
      trans_Network: 'jamb-utme',
      trans_amount: 7700,
      details: { product: 'jamb-utme', quantity: 1, profileId: '1234567890' },
      pins: [PINS[0]],
    };
    const answer = { msg: 'PIN delivered', receipt: jambReceipt, balance: 42300 };
    const { user, requests } = openExam({ 'POST /buy/exam': { status: 200, data: answer } });
    await chooseProduct(user, 'jamb-utme');
    await user.type(screen.getByLabelText('Phone number'), '08031234567');

    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
    expect(screen.getByTestId('exam-verify-first')).toBeInTheDocument();

    await user.type(screen.getByLabelText('JAMB profile code'), '1234567890');
    await user.click(screen.getByRole('button', { name: 'Verify profile' }));
    expect(await screen.findByLabelText('Candidate')).toHaveValue('CHIAMAKA OBI');
    expect(requests.find((r) => r.url === '/exam/verify')?.body).toEqual({
      product: 'jamb-utme',
      profileId: '1234567890',
    });

    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm purchase' });
    expect(dialog).toHaveTextContent('CHIAMAKA OBI');
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));

    await screen.findByTestId('exam-pins');
    expect(requests.filter((r) => r.url === '/buy/exam').map((r) => r.body)).toEqual([
      { product: 'jamb-utme', quantity: 1, phone: '08031234567', quoteId: QUOTE },
    ]);
  }, 15_000);

  it("shows an exam purchase's PINs again from the history (GET /transaction/:id)", async () => {
    // The recent list leaves PINs out: the receipt asks the server for them.
    const { requests } = openExam(
      { 'GET /transaction/tx-exam-1': { status: 200, data: { transaction: examReceipt } } },
      '/profile/receipt/tx-exam-1',
      [{ ...examReceipt, pins: undefined }],
    );
    const pins = await screen.findByTestId('exam-pins');
    expect(within(pins).getAllByTestId('exam-pin')).toHaveLength(2);
    expect(screen.getByTestId('receipt')).toHaveTextContent('Quantity2');
    expect(requests.some((r) => r.url === '/transaction/tx-exam-1')).toBe(true);
  });
});
