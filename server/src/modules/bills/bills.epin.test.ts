import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { queryRows } from '../../db/query.ts';
import { billsProducts, transactions } from '../../db/schema/index.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import {
  expectCleanLedger,
  purchase,
  reconcileUntilSettled,
  t,
  useVendingTestApp,
} from '../vending/vending.test-helpers.ts';
import { get, post, setServiceOpen } from './bills.test-helpers.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { resealExamPins } from './exam-pin-rotation.ts';
import { EXAM_PIN_PURPOSE } from './exam-pins.ts';

useVendingTestApp();

type Pin = { pin: string; serial: string | null };

/** A buyer whose phone ends in `ending`: the sandbox supplier's trigger for e-PINs. */
const buyer = (ending: string, balanceKobo = 100_000_00, extra: { isAdmin?: boolean } = {}) =>
  createUser(t.ctx, {
    balanceKobo,
    phoneNumber: `08${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}${ending}`,
    ...extra,
  });

const buyCards = (user: TestUser, body: Record<string, unknown>) =>
  post(user, '/buy/epin', { network: 'MTN', value: 100, quantity: 1, ...body });

/** The smart earner's price of an MTN ₦100 card (seeded: its face value). */
const MTN_100 = 100_00;

describe('GET /api/v1/epin/products', () => {
  it('lists the card values per network at the caller’s tier, leaving out a paused network', async () => {
    const customer = await createUser(t.ctx, {});
    const reseller = await createUser(t.ctx, { userType: 'reseller' });
    const res = await get(customer, '/epin/products');
    expect(res.status).toBe(200);
    expect(res.body.products).toHaveLength(16);
    expect(res.body.products).toContainEqual({ network: 'MTN', value: 100, amount: 100 });
    expect((await get(reseller, '/epin/products')).body.products).toContainEqual({
      network: '9MOBILE',
      value: 1000,
      amount: 985,
    });
    await setServiceOpen('epin-glo', false);
    try {
      const paused = await get(customer, '/epin/products');
      const networks = paused.body.products.map((p: { network: string }) => p.network);
      expect(networks).not.toContain('GLO');
      expect(networks).toContain('AIRTEL');
      const refused = await buyCards(customer, { network: 'GLO' });
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe(
        'GLO e-PIN sales are paused at the moment. Please try again later.',
      );
    } finally {
      await setServiceOpen('epin-glo', true);
    }
  });
});

describe('POST /api/v1/buy/epin', () => {
  it('charges quantity × the tier price and shows the cards to their owner only, sealed at rest', async () => {
    const owner = await buyer('5678');
    const res = await buyCards(owner, { network: 'AIRTEL', value: '500', quantity: 5 });
    expect(res.status).toBe(200);
    expect(res.body.receipt).toMatchObject({
      trans_Type: 'epin',
      trans_Network: 'AIRTEL',
      trans_Status: 'success',
      trans_amount: 2_500,
      details: { quantity: 5, cardValue: 500 },
    });
    expect(res.body.receipt.details.delivered).toBeUndefined();
    const pins: Pin[] = res.body.receipt.pins;
    expect(pins).toHaveLength(5);
    for (const p of pins) {
      expect(p.pin).toMatch(/^\d{16}$/);
      expect(p.serial).toMatch(/^SN\d{12}$/);
    }
    expect(new Set(pins.map((p) => p.pin)).size).toBe(5);
    expect(await getWalletBalanceKobo(t.ctx.db, owner.id)).toBe(100_000_00 - 2_500_00);

    const id = res.body.receipt._id;
    expect((await get(owner, `/transaction/${id}`)).body.transaction.pins).toEqual(pins);
    expect((await get(owner, '/transaction?type=epin')).body.transactions[0].pins).toEqual(pins);
    const stranger = await createUser(t.ctx, {});
    expect((await get(stranger, `/transaction/${id}`)).status).toBe(404);
    const admin = await createUser(t.ctx, { isAdmin: true });
    const staffView = await get(admin, `/transaction/${id}`);
    expect(staffView.body.transaction.pins).toEqual(
      pins.map((p) => ({ pin: `••••••${p.pin.slice(-4)}`, serial: p.serial })),
    );
    expect(JSON.stringify(staffView.body)).not.toContain(pins[0]!.pin);

    const [stored] = await queryRows<{ text: string }>(
      t.ctx.db,
      sql`select row_to_json(x)::text as text from transactions x where id = ${id}::uuid`,
    );
    for (const p of pins) expect(stored!.text).not.toContain(p.pin);
    expect(stored!.text).toContain('sealedPins');
    await expectCleanLedger();
  });

  it('sells the cards delivered and refunds the rest at once when the supplier delivers fewer', async () => {
    const owner = await buyer('3333');
    const res = await buyCards(owner, { network: 'MTN', value: 100, quantity: 9 });
    expect(res.status).toBe(200);
    // The sandbox delivers half of a 3333 order (rounded down): 4 of 9.
    expect(res.body.receipt.pins).toHaveLength(4);
    expect(res.body.receipt).toMatchObject({
      trans_Status: 'success',
      trans_amount: 400,
      details: { quantity: 9, delivered: 4, undeliveredRefund: 500, cardValue: 100 },
    });
    expect(await getWalletBalanceKobo(t.ctx.db, owner.id)).toBe(100_000_00 - 4 * MTN_100);

    const row = await purchase(res.body.receipt.trans_Id);
    const [card] = await t.ctx.db
      .select()
      .from(billsProducts)
      .where(and(eq(billsProducts.serviceId, 'epin-mtn'), eq(billsProducts.code, '100')));
    expect(row).toMatchObject({
      amountKobo: 4 * MTN_100,
      costKobo: 4 * card!.costPriceKobo,
      profitKobo: 4 * (MTN_100 - card!.costPriceKobo),
    });
    // The refund is a line of its own in the history, for the five cards not delivered.
    const [line] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, `U${res.body.receipt.trans_Id}`));
    expect(line).toMatchObject({ type: 'refund', amountKobo: 5 * MTN_100, userId: owner.id });

    // Settled once: a re-query of the delivered purchase changes nothing.
    await reconcileUntilSettled(res.body.receipt.trans_Id, 2);
    expect(await getWalletBalanceKobo(t.ctx.db, owner.id)).toBe(100_000_00 - 4 * MTN_100);
    await expectCleanLedger();
  });

  it('holds 1111 pending and delivers the cards on re-query; refunds 0000 and 2222 in full, once', async () => {
    const slowBuyer = await buyer('1111');
    const slow = await buyCards(slowBuyer, { quantity: 3 });
    expect(slow.status).toBe(202);
    expect(slow.body.receipt.pins).toBeUndefined();
    expect((await reconcileUntilSettled(slow.body.receipt.trans_Id)).status).toBe('success');
    const receipt = await get(slowBuyer, `/transaction/${slow.body.receipt._id}`);
    expect(receipt.body.transaction.pins).toHaveLength(3);

    const refusedBuyer = await buyer('0000');
    const refused = await buyCards(refusedBuyer, { quantity: 3 });
    expect(refused.status).toBe(400);
    expect(await getWalletBalanceKobo(t.ctx.db, refusedBuyer.id)).toBe(100_000_00);

    const failingBuyer = await buyer('2222');
    const failing = await buyCards(failingBuyer, { quantity: 3 });
    expect(failing.status).toBe(202);
    expect((await reconcileUntilSettled(failing.body.receipt.trans_Id)).status).toBe('refunded');
    await reconcileUntilSettled(failing.body.receipt.trans_Id, 2);
    expect(await getWalletBalanceKobo(t.ctx.db, failingBuyer.id)).toBe(100_000_00);
    await expectCleanLedger();
  });

  it('replays an Idempotency-Key with the same cards and charges once', async () => {
    const owner = await buyer('5678');
    const send = () =>
      t
        .request()
        .post('/api/v1/buy/epin')
        .set('x-auth-token', owner.token)
        .set('Idempotency-Key', `epin-${owner.id}`)
        .send({ network: 1, value: 200, quantity: 2 });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(first.body.receipt.trans_Network).toBe('MTN');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.receipt.pins).toEqual(first.body.receipt.pins);
    expect(await getWalletBalanceKobo(t.ctx.db, owner.id)).toBe(100_000_00 - 2 * 200_00);
  });

  it('refuses bad input with the field’s message, charging nothing', async () => {
    const owner = await buyer('5678');
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, 'Enter how many cards (1 to 100)'],
      [{ quantity: 101 }, 'Enter how many cards (1 to 100)'],
      [{ quantity: 2.5 }, 'Enter how many cards (1 to 100)'],
      [{ value: 300 }, 'Choose a card value: 100, 200, 500 or 1000'],
      [{ network: 'ETISALAT' }, 'Please select a network'],
      [{ network: 7 }, 'Please select a network'],
    ];
    for (const [body, msg] of cases) {
      const res = await buyCards(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const poor = await buyer('5678', 50_00);
    const short = await buyCards(poor, { quantity: 1 });
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('Insufficient balance');
    expect(await getWalletBalanceKobo(t.ctx.db, owner.id)).toBe(100_000_00);
  });

  it('keeps e-PINs readable by their owner after the server secret is rotated', async () => {
    const owner = await buyer('5678');
    const res = await buyCards(owner, { quantity: 2 });
    const NEW_SECRET = 'the-new-server-secret-the-new-server-secret-42';
    expect(
      await resealExamPins(t.ctx.db, { current: NEW_SECRET, previous: t.ctx.jwtSecret }),
    ).toBeGreaterThanOrEqual(1);
    const sealed = (await purchase(res.body.receipt.trans_Id)).details!.sealedPins as string;
    expect(openSecret(t.ctx.jwtSecret, EXAM_PIN_PURPOSE, sealed)).toBeNull();
    expect(JSON.parse(openSecret(NEW_SECRET, EXAM_PIN_PURPOSE, sealed)!)).toEqual(
      res.body.receipt.pins,
    );
  });
});
