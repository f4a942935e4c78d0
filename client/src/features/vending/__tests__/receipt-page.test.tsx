import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, buildTransaction, buildUser, profileOf } from '@/test/factories';
import { profileApi } from '@/lib/profile.api';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';
import type { TReceiptView } from '../lib/receipt';
import { receiptText, receiptViewFromTransaction, refreshReceiptView } from '../lib/receipt';

const dataView: TReceiptView = {
  receipt: buildTransaction({
    _id: 'tx-1',
    trans_Id: 'VND261121DATA01',
    trans_amount: 600,
    phone_number: '08031234567',
    balance_Before: 5000,
    balance_After: 4400,
    createdAt: '2026-11-21T10:30:00.000Z',
  }),
  balance: 4400,
  msg: 'Transaction successful',
  product: 'MTN 1GB SME data (30 days)',
};

const date = new Date('2026-11-21T10:30:00.000Z').toLocaleString('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

const openReceipt = (view: TReceiptView | undefined, id = 'tx-1') => {
  stubHttp({});
  const session = buildSession({ user: buildUser({ balance: view?.balance ?? 0 }) });
  return renderApp({
    route: `/profile/receipt/${id}`,
    state: view,
    session: { token: session.token, user: session.user },
  });
};

const allowClipboard = () => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  return vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
};

describe('receipt text', () => {
  it('lists what a customer needs, without the wallet balances', () => {
    expect(receiptText(dataView)).toBe(
      [
        'Vendo transaction receipt',
        'Status: Successful',
        'Product: MTN 1GB SME data (30 days)',
        'Network: MTN',
        'Phone number: 08031234567',
        'Amount charged: ₦600.00',
        'Reference: VND261121DATA01',
        `Date: ${date}`,
      ].join('\n'),
    );
  });

  it('puts the token first for electricity and says when money was refunded', () => {
    const electricity: TReceiptView = {
      ...dataView,
      receipt: {
        ...dataView.receipt,
        trans_Type: 'electricity',
        trans_Network: 'Ikeja',
        trans_amount: 1050,
      },
      product: 'Ikeja prepaid electricity',
      token: '44422997365200903052',
      meterNumber: '1234567890',
      customerName: 'LAWAL ZAINAB',
    };
    expect(receiptText(electricity).split('\n').slice(1, 7)).toEqual([
      'Status: Successful',
      'Token: 4442 2997 3652 0090 3052',
      'Product: Ikeja prepaid electricity',
      'Company: Ikeja',
      'Meter number: 1234567890',
      'Meter owner: LAWAL ZAINAB',
    ]);

    const refunded = {
      ...dataView,
      receipt: { ...dataView.receipt, trans_Status: 'refunded' as const },
    };
    expect(receiptText(refunded)).toContain('Status: Refunded');
    expect(receiptText(refunded).split('\n').at(-1)).toBe('₦600.00 refunded to your wallet');
  });
});

describe('/profile/receipt/:id', () => {
  it("copies the plain-text receipt and toasts 'Copied'", async () => {
    const { user } = openReceipt(dataView);
    const writeText = allowClipboard(); // after userEvent.setup(), which installs a clipboard
    const shown = within(await screen.findByTestId('receipt'));

    expect(shown.getByText('Balance before').nextSibling).toHaveTextContent('₦5,000.00');
    expect(shown.getByText('Balance after').nextSibling).toHaveTextContent('₦4,400.00');
    await user.click(shown.getByRole('button', { name: 'Copy' }));

    expect(writeText).toHaveBeenCalledWith(receiptText(dataView));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('draws the receipt on a canvas and downloads it as a PNG', async () => {
    const drawn: string[] = [];
    const context = new Proxy(
      { measureText: (text: string) => ({ width: text.length * 7 }) },
      {
        get: (target, key: string) =>
          key in target
            ? target[key as keyof typeof target]
            : key === 'fillText'
              ? (text: string) => drawn.push(text)
              : () => undefined,
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
      done(new Blob(['png'], { type: 'image/png' })),
    );
    // jsdom has no object URLs; these stay for the file (each test file has its own jsdom).
    URL.createObjectURL = () => 'blob:receipt';
    URL.revokeObjectURL = () => undefined;
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });

    const { user } = openReceipt(dataView);
    await user.click(await screen.findByRole('button', { name: 'Download image' }));

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('vendo-receipt-VND261121DATA01.png');
    expect(clicked[0]?.href).toBe('blob:receipt');
    expect(drawn).toEqual(
      expect.arrayContaining(['Vendo', 'Successful', '₦600.00', 'VND261121DATA01', '08031234567']),
    );
    expect(drawn).not.toContain('₦4,400.00'); // no wallet balance on a shared image
  });

  it('says a pending purchase will update shortly', async () => {
    openReceipt({
      ...dataView,
      receipt: { ...dataView.receipt, trans_Status: 'pending' },
      msg: 'Your purchase is being processed.',
    });
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Pending');
    expect(screen.getByTestId('receipt-note')).toHaveTextContent(
      'Your purchase is being processed. Its status will update shortly; you will not be charged twice.',
    );
  });

  it('says when the server has no such receipt', async () => {
    openReceipt(undefined, 'unknown'); // GET /transaction/unknown answers 404
    expect(await screen.findByRole('heading', { name: 'Receipt not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });
});

const electricity = buildTransaction({
  _id: 'tx-7',
  trans_Id: 'VND261121ELEC07',
  trans_Type: 'electricity',
  // As the server answers it: meter and token also in the fields older clients read.
  trans_Network: 'electricity token for 1234567890',
  phone_number: '44422997365200903052',
  trans_amount: 1050,
  details: {
    meterNumber: '1234567890',
    meterType: 'prepaid',
    disco: 'Ikeja',
    customerName: 'LAWAL ZAINAB',
    faceValue: 1000,
    token: '44422997365200903052',
    phoneNumber: '08031234567',
  },
});

describe('receipts rebuilt from a transaction (history, reload)', () => {
  it('names the product from the details, as the purchase screens do', () => {
    const data = buildTransaction({
      details: { plan: '1GB', planType: 'SME', validity: '30 days validity' },
    });
    const airtime = buildTransaction({ trans_Type: 'airtime', details: { faceValue: 500 } });
    expect(receiptViewFromTransaction(data).product).toBe('MTN 1GB SME data (30 days)');
    expect(receiptViewFromTransaction(airtime).product).toBe('₦500.00 MTN airtime');
    expect(receiptViewFromTransaction(electricity)).toMatchObject({
      product: 'Ikeja prepaid electricity',
      token: '44422997365200903052',
      meterNumber: '1234567890',
      customerName: 'LAWAL ZAINAB',
    });
    // Older rows have no details: the network and the type still say what it was.
    expect(receiptViewFromTransaction(buildTransaction()).product).toBe('MTN data');
  });

  it('takes the new status and balance after a refund, and drops the stale message', () => {
    const pending: TReceiptView = {
      ...dataView,
      receipt: { ...dataView.receipt, trans_Status: 'pending' },
      msg: 'Your purchase is being processed.',
    };
    const refreshed = refreshReceiptView(pending, {
      ...pending.receipt,
      trans_Status: 'refunded',
    });
    expect(refreshed).toMatchObject({ balance: 5000, msg: '', product: dataView.product });
    expect(refreshed.receipt.trans_Status).toBe('refunded');
  });

  it('shows the token, meter and owner of a receipt opened from the recent transactions', async () => {
    stubHttp({});
    const session = buildSession({ transactions: [electricity] });
    const { store } = renderApp({
      route: '/profile/receipt/tx-7',
      session: { token: session.token, user: session.user },
    });
    // GET /auth already answered with it: the receipt comes from the cache, not the server.
    store.dispatch(
      profileApi.util.upsertQueryEntries([
        { endpointName: 'getProfile', arg: undefined, value: profileOf(session) },
      ]),
    );

    const shown = within(await screen.findByTestId('receipt'));
    expect(shown.getByTestId('receipt-product')).toHaveTextContent('Ikeja prepaid electricity');
    expect(shown.getByTestId('receipt-token')).toHaveTextContent('4442 2997 3652 0090 3052');
    expect(shown.getByText('Meter number').nextSibling).toHaveTextContent('1234567890');
    expect(shown.getByText('Meter owner').nextSibling).toHaveTextContent('LAWAL ZAINAB');
    // The company, not the wording kept in trans_Network for other clients; no phone row.
    expect(shown.getByText('Company').nextSibling).toHaveTextContent(/^Ikeja$/);
    expect(shown.queryByText(/electricity token for/)).not.toBeInTheDocument();
    expect(shown.queryByText('Phone number')).not.toBeInTheDocument();
    expect(shown.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
  });

  it('fetches a receipt that is not in this session by its id (a reload, a link)', async () => {
    const requests = stubHttp({
      'GET /transaction/tx-9': {
        status: 200,
        data: {
          transaction: buildTransaction({
            _id: 'tx-9',
            details: { plan: '2GB', planType: 'CG', validity: '30 days validity' },
          }),
        },
      },
    });
    const session = buildSession();
    renderApp({
      route: '/profile/receipt/tx-9',
      session: { token: session.token, user: session.user },
    });

    expect(screen.getByTestId('receipt-loading')).toHaveTextContent('Loading receipt...');
    expect(await screen.findByTestId('receipt-product')).toHaveTextContent(
      'MTN 2GB CG data (30 days)',
    );
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Successful');
    const fetches = requests.filter((r) => r.url === '/transaction/tx-9');
    expect(fetches).toHaveLength(1);
    expect(fetches[0]?.headers['x-auth-token']).toBe(session.token);
  });

  it('offers Try again when the server could not be reached', async () => {
    stubHttp({ 'GET /transaction/tx-9': 'network-error' });
    const session = buildSession();
    const { user } = renderApp({
      route: '/profile/receipt/tx-9',
      session: { token: session.token, user: session.user },
    });
    expect(await screen.findByRole('heading', { name: 'Receipt not available' })).toBeVisible();

    stubHttp({
      'GET /transaction/tx-9': {
        status: 200,
        data: { transaction: buildTransaction({ _id: 'tx-9' }) },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
  });
});

describe('Check status on a pending receipt', () => {
  const pendingView: TReceiptView = {
    ...dataView,
    receipt: { ...dataView.receipt, trans_Status: 'pending' },
    msg: 'Your purchase is being processed.',
  };

  it('asks the server again and shows the receipt settled', async () => {
    const requests = stubHttp({
      'GET /transaction/tx-1': {
        status: 200,
        data: {
          transaction: {
            ...pendingView.receipt,
            trans_Status: 'success',
            details: { plan: '1GB', planType: 'SME', validity: '30 days validity' },
          },
        },
      },
    });
    const session = buildSession({ user: buildUser({ balance: 4400 }) });
    const { user } = renderApp({
      route: '/profile/receipt/tx-1',
      state: pendingView,
      session: { token: session.token, user: session.user },
    });

    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Pending');
    expect(requests.filter((r) => r.url === '/transaction/tx-1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Check status' }));

    expect(await screen.findByText('Successful')).toBeInTheDocument();
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Successful');
    expect(screen.queryByTestId('receipt-note')).not.toBeInTheDocument();
    expect(screen.queryByText('Your purchase is being processed.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check status' })).not.toBeInTheDocument();
    expect(screen.getByTestId('receipt-product')).toHaveTextContent('MTN 1GB SME data (30 days)');
    expect(requests.filter((r) => r.url === '/transaction/tx-1')).toHaveLength(1);
  });

  it('says so when it is still being processed', async () => {
    stubHttp({
      'GET /transaction/tx-1': { status: 200, data: { transaction: pendingView.receipt } },
    });
    const session = buildSession();
    const { user } = renderApp({
      route: '/profile/receipt/tx-1',
      state: pendingView,
      session: { token: session.token, user: session.user },
    });

    await user.click(await screen.findByRole('button', { name: 'Check status' }));
    expect(
      await screen.findByText('Still being processed. Please check again in a minute.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Pending');
    expect(await screen.findByRole('button', { name: 'Check status' })).toBeEnabled();
  });

  it('is not offered once a receipt is settled', async () => {
    openReceipt(dataView);
    await screen.findByTestId('receipt');
    expect(screen.queryByRole('button', { name: 'Check status' })).not.toBeInTheDocument();
  });
});
