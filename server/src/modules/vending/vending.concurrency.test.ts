import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { reconcileOnce } from './reconciler.ts';
import { buyData, expectCleanLedger, t, useVendingTestApp } from './vending.test-helpers.ts';

useVendingTestApp();

describe('concurrency', () => {
  it('lets exactly 50 of 100 concurrent ₦100 airtime purchases through a ₦5,000 wallet', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    // ₦100 of airtime costs a smart earner ₦99: 50 fit in ₦5,000 (₦4,950) and the 51st cannot.
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t
          .request()
          .post('/api/v1/buy/airtime')
          .set('x-auth-token', user.token)
          .send({ network: 1, mobile_number: '08031234567', amount: 100 }),
      ),
    );
    // Under this load some supplier answers can miss the adapter's timeout: those purchases are
    // accepted as pending (202) and the reconciler settles them.
    const accepted = answers.filter((a) => a.status === 200 || a.status === 202);
    const refused = answers.filter(
      (a) => a.status === 400 && a.body.code === 'INSUFFICIENT_BALANCE',
    );
    expect(accepted).toHaveLength(50);
    expect(refused).toHaveLength(50);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(50_00);
    // Settle the pending ones in batches, as the background reconciler would.
    for (let pass = 0; pass < 80; pass += 1) {
      const unsettled = await t.ctx.db
        .update(transactions)
        .set({ nextCheckAt: sql`now() - interval '1 second'` })
        .where(
          sql`${transactions.userId} = ${user.id} and ${transactions.status} in ('processing', 'pending')`,
        )
        .returning({ id: transactions.id });
      if (unsettled.length === 0) break;
      await reconcileOnce(t.ctx, { limit: 100 });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const rows = await t.ctx.db.select().from(transactions).where(eq(transactions.userId, user.id));
    const airtime = rows.filter((r) => r.type === 'airtime');
    // Each accepted purchase is delivered or, if its order never reached the supplier before the
    // timeout (possible on an overloaded test machine), still pending for the admin queue:
    // never refunded blind, never lost. Unloaded, all 50 are delivered.
    expect(airtime).toHaveLength(50);
    expect(airtime.filter((r) => r.status === 'refunded')).toHaveLength(0);
    expect(airtime.every((r) => r.status === 'success' || r.status === 'pending')).toBe(true);
    expect(airtime.filter((r) => r.status === 'success').length).toBeGreaterThan(0);
    await expectCleanLedger();
  }, 120_000);
});

describe('settling once when everyone races', () => {
  it('refunds a pending purchase exactly once when the reconciler, a re-query and two admin refunds race', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await buyData(user, '08031232222'); // pending; re-query says failed
    expect(res.status).toBe(202);
    const id = res.body.receipt._id as string;
    await t.ctx.db
      .update(transactions)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(eq(transactions.id, id));
    await Promise.all([
      reconcileOnce(t.ctx),
      reconcileOnce(t.ctx),
      t.request().post(`/api/v1/admin/requery/${id}`).set('x-auth-token', admin.token),
      t.request().post(`/api/v1/admin/refund/${id}`).set('x-auth-token', admin.token),
      t.request().post(`/api/v1/admin/refund/${id}`).set('x-auth-token', admin.token),
    ]);
    const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row!.status).toBe('refunded');
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_000_00);
    const refunds = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`select count(*) as n from journals where reference = ${`refund:${row!.reference}`}`,
    );
    expect(Number(refunds[0]!.n)).toBe(1);
    await expectCleanLedger();
  });

  it('does not refund a purchase the supplier confirms was delivered', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await buyData(user, '08031231111'); // pending; re-query says successful
    const refund = await t
      .request()
      .post(`/api/v1/admin/refund/${res.body.receipt._id}`)
      .set('x-auth-token', admin.token);
    expect(refund.status).toBe(409);
    expect(refund.body.msg).toMatch(/delivered/);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(400_00);
    await expectCleanLedger();
  });

  it('lets only staff refund, and sends purchases past the SLA to the admin queue', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await buyData(user, '08031231111');
    const forbidden = await t
      .request()
      .post(`/api/v1/admin/refund/${res.body.receipt._id}`)
      .set('x-auth-token', user.token);
    expect(forbidden.status).toBe(403);
    await t.ctx.db
      .update(transactions)
      .set({
        createdAt: sql`now() - interval '2 hours'`,
        nextCheckAt: sql`now() + interval '1 hour'`,
      })
      .where(eq(transactions.id, res.body.receipt._id));
    await reconcileOnce(t.ctx);
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, res.body.receipt._id));
    expect(row!.escalatedAt).not.toBeNull();
    expect(row!.status).toBe('pending');
    const agent = await createUser(t.ctx, { isAgent: true });
    const queue = await t.request().get('/api/v1/admin/pending').set('x-auth-token', agent.token);
    expect(
      queue.body.transactions.some(
        (x: { _id: string; escalated: boolean }) => x._id === row!.id && x.escalated,
      ),
    ).toBe(true);
  });
});
