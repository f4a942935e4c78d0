import { screen, within } from '@testing-library/react';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { describe, expect, it, vi } from 'vitest';
import { buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

const PINS = Array.from({ length: 26 }, (_, index) => ({
  pin: `55512345678${String(index).padStart(5, '0')}`,
  serial: `GS${String(index + 1).padStart(4, '0')}`,
}));

const gloCards = buildTransaction({
  _id: 'tx-epin-9',
  trans_Id: 'VND261127EPIN09',
  trans_Type: 'epin',
  trans_Network: 'GLO',
  trans_amount: 2496,
  phone_number: null,
  details: { quantity: 26, cardValue: 100 },
  pins: PINS,
});

const openSheet = (transaction: TTransaction | null, id = 'tx-epin-9') => {
  const requests = stubHttp({
    ...(transaction ? { [`GET /transaction/${id}`]: { status: 200, data: { transaction } } } : {}),
  });
  const session = buildSession({ user: buildUser({ _id: 'user-7', userName: 'mamaput' }) });
  const view = renderApp({
    route: `/profile/epins/${id}/print`,
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const printed = () =>
  within(screen.getByTestId('epin-print-sheet'))
    .queryAllByTestId('epin-print-card')
    .map((card) => within(card).getByText(/^\d{4} /).textContent);

describe('/profile/epins/:id/print', () => {
  it('lays out one card per PIN, 24 to a page, with the business name, value, serial and dial code', async () => {
    const { user } = openSheet(gloCards);
    const cards = await screen.findAllByTestId('epin-card');
    expect(cards).toHaveLength(26);
    expect(screen.getByRole('heading', { name: 'Print e-PIN cards' })).toBeInTheDocument();
    // The user name until the shop types its own.
    expect(screen.getByLabelText('Business name on the cards')).toHaveValue('mamaput');

    const first = within(cards[0]!);
    expect(first.getByText('mamaput')).toBeInTheDocument();
    expect(first.getByText('GLO')).toBeInTheDocument();
    expect(first.getByText('₦100')).toBeInTheDocument();
    expect(first.getByText('5551 2345 6780 0000')).toBeInTheDocument();
    expect(first.getByText('Serial GS0001')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('Dial *123*5551234567800000#');

    const pages = screen.getByTestId('epin-print-sheet').children;
    expect([...pages].map((page) => page.children.length)).toEqual([24, 2]);
    expect(screen.getByTestId('epin-sheet-count')).toHaveTextContent(
      '26 of 26 cards to print (0 marked sold) · 2 A4 pages',
    );

    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });

  it('remembers the business name on this device', async () => {
    const { user, unmount } = openSheet(gloCards);
    const name = await screen.findByLabelText('Business name on the cards');
    await user.clear(name);
    await user.type(name, 'Iya Bisi Stores');
    expect(
      within(screen.getByTestId('epin-print-sheet')).getAllByText('Iya Bisi Stores'),
    ).toHaveLength(26);
    unmount();

    const session = buildSession({ user: buildUser({ _id: 'user-7', userName: 'mamaput' }) });
    stubHttp({ 'GET /transaction/tx-epin-9': { status: 200, data: { transaction: gloCards } } });
    renderApp({
      route: '/profile/epins/tx-epin-9/print',
      session: { token: session.token, user: session.user },
    });
    expect(await screen.findByLabelText('Business name on the cards')).toHaveValue(
      'Iya Bisi Stores',
    );
  });

  it('greys the cards marked sold and leaves them out with "Print unsold only"', async () => {
    const { user } = openSheet(gloCards);
    await screen.findAllByTestId('epin-card');
    await user.click(screen.getByRole('checkbox', { name: 'Mark as sold (card 1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mark as sold (card 3)' }));

    const cards = screen.getAllByTestId('epin-card');
    expect(cards.map((card) => card.dataset.sold)).toEqual(
      cards.map((_, index) => String(index === 0 || index === 2)),
    );
    // Sold cards still print until asked not to.
    expect(printed()).toHaveLength(26);

    await user.click(screen.getByRole('checkbox', { name: 'Print unsold only' }));
    expect(printed()).toHaveLength(24);
    expect(printed()).not.toContain('5551 2345 6780 0000');
    expect(printed()).not.toContain('5551 2345 6780 0002');
    expect(printed()[0]).toBe('5551 2345 6780 0001');
    expect(screen.getByTestId('epin-sheet-count')).toHaveTextContent(
      '24 of 26 cards to print (2 marked sold)',
    );
    // Remembered per purchase, as positions: never the PINs.
    expect(localStorage.getItem('epinSold:tx-epin-9')).toBe('[0,2]');
  });

  it('downloads the cards as epins-<reference>.csv', async () => {
    let saved: Blob | null = null;
    URL.createObjectURL = (blob: Blob) => {
      saved = blob;
      return 'blob:epins';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = openSheet(gloCards);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));

    expect(clicked.map((link) => link.download)).toEqual(['epins-VND261127EPIN09.csv']);
    const text = await (saved as Blob | null)?.text();
    expect(text?.split('\r\n').slice(0, 2)).toEqual([
      'network,value,pin,serial,dial code',
      'GLO,100,5551234567800000,GS0001,*123*5551234567800000#',
    ]);
  });

  it('says so when the purchase is not an e-PIN purchase', async () => {
    openSheet(buildTransaction({ _id: 'tx-1' }), 'tx-1');
    expect(
      await screen.findByRole('heading', { name: 'Not an e-PIN purchase' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to receipt' })).toHaveAttribute(
      'href',
      '/profile/receipt/tx-1',
    );
  });

  it('says the cards are not delivered yet while the purchase is pending', async () => {
    openSheet({ ...gloCards, trans_Status: 'pending', pins: undefined });
    expect(
      await screen.findByRole('heading', { name: 'No cards to print yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/once the purchase is confirmed/)).toBeInTheDocument();
    expect(screen.queryByTestId('epin-print-sheet')).not.toBeInTheDocument();
  });

  it('says when there is no such purchase', async () => {
    openSheet(null, 'unknown'); // GET /transaction/unknown answers 404
    expect(await screen.findByRole('heading', { name: 'Purchase not found' })).toBeInTheDocument();
  });
});
