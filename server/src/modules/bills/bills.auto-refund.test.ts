import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { sandboxVtpassOrders, transactions } from '../../db/schema/index.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { reconcileOnce } from '../vending/reconciler.ts';

/**
 * The 24-hour rule (decision 0017) on cable and exam purchases, with a short delay
 * (AUTO_REFUND_AFTER_HOURS=0.5): purchases are backdated past it rather than waited for.
 */
let t: TestApp;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ AUTO_REFUND_AFTER_HOURS: '0.5' });
  buyer = await createUser(t.ctx, { balanceKobo: 100_000_00 });
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: Record<string, unknown>) =>
  t.request().post(`/api/v1${path}`).set('x-auth-token', buyer.token).send(body);

const rowOf = async (reference: string) => {
  const [row] = await t.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, reference));
  return row!;
};

const backdate = (id: string, minutes: number) =>
  t.ctx.db
    .update(transactions)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(transactions.id, id));

/** The sandbox VTpass loses the order: its re-query answers 015 (no such request id). */
const loseOrder = (billersCode: string) =>
  t.ctx.db
    .update(sandboxVtpassOrders)
    .set({ requestId: sql`'lost-' || ${sandboxVtpassOrders.requestId}` })
    .where(eq(sandboxVtpassOrders.billersCode, billersCode));

describe('the 24-hour rule on bills purchases', () => {
  it('refunds a renewal the supplier never confirmed once, however many reconcilers run', async () => {
    const card = '4455661111';
    const quote = await post('/cable/verify', { provider: 'dstv', smartcardNumber: card });
    expect(quote.status).toBe(200);
    const before = await getWalletBalanceKobo(t.ctx.db, buyer.id);
    const res = await post('/buy/cable', {
      provider: 'dstv',
      smartcardNumber: card,
      phone: '08031234567',
      subscriptionType: 'renew',
      quoteId: quote.body.quoteId,
    });
    expect(res.status).toBe(202);
    const purchase = await rowOf(res.body.receipt.trans_Id);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(before - purchase.amountKobo);

    await loseOrder(card);
    await backdate(purchase.id, 31);
    await Promise.all([reconcileOnce(t.ctx), reconcileOnce(t.ctx)]);
    await reconcileOnce(t.ctx);

    const after = await rowOf(purchase.reference);
    expect(after.status).toBe('refunded');
    expect(after.apiResponse).toContain('auto refund after 0.5 h unconfirmed');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(before);
    const refunds = await t.ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.type, 'refund'), eq(transactions.userId, buyer.id)));
    expect(refunds).toHaveLength(1);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('books exam PINs the final re-query says were delivered, with their PINs, and refunds nothing', async () => {
    const res = await post('/buy/exam', { product: 'waec', quantity: 2, phone: '08037771111' });
    expect(res.status).toBe(202);
    const purchase = await rowOf(res.body.receipt.trans_Id);
    const before = await getWalletBalanceKobo(t.ctx.db, buyer.id);
    await backdate(purchase.id, 31);
    await reconcileOnce(t.ctx);

    expect((await rowOf(purchase.reference)).status).toBe('success');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(before);
    const mine = await t
      .request()
      .get(`/api/v1/transaction/${purchase.id}`)
      .set('x-auth-token', buyer.token);
    expect(mine.body.transaction.pins).toHaveLength(2);
    expect(mine.body.transaction.pins[0].pin).toMatch(/^\d{6,}$/);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
