import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSupplier } from '@vendo/shared/constants';
import { auditLog, journals, transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { PurchaseKind } from '../../providers/vending/port.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { reconcileOnce } from './reconciler.ts';

let t: TestApp;
let admin: TestUser;
let agent: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PROCESSING_GRACE_SECONDS: '1', RECONCILE_RETRY_SECONDS: '1' });
  admin = await createUser(t.ctx, { isAdmin: true });
  agent = await createUser(t.ctx, { isAgent: true });
});
afterAll(async () => {
  await t?.close();
});

const buyAirtime = (user: TestUser, phone: string) =>
  t
    .request()
    .post('/api/v1/buy/airtime')
    .set('x-auth-token', user.token)
    .send({ network: 1, mobile_number: phone, amount: 100 });

const row = async (id: string) => {
  const [found] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
  return found!;
};

/** What the supplier itself says of the order now (a re-query over HTTP to the sandbox). */
const supplierSays = async (id: string) => {
  const purchase = await row(id);
  const result = await t.ctx.suppliers
    .get(purchase.supplier as TSupplier)
    .query(purchase.type as PurchaseKind, {
      supplierRef: purchase.supplierRef,
      reference: purchase.reference,
    });
  return result.outcome;
};

const RACES = 50;

describe('a staff refund racing a re-query and the reconciler', () => {
  it(`never refunds a delivered purchase and refunds a failed one once (${RACES} races)`, async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: RACES * 100_00 });
    // 1111: pending, then the supplier confirms delivery; 2222: pending, then it says failed.
    const ids: string[] = [];
    for (let i = 0; i < RACES; i += 1) {
      const res = await buyAirtime(buyer, i % 2 === 0 ? '08031231111' : '08031232222');
      expect(res.status).toBe(202);
      ids.push(res.body.receipt._id as string);
    }
    // Every purchase due for the reconciler at once.
    await t.ctx.db
      .update(transactions)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(inArray(transactions.id, ids));

    // For each purchase at the same moment: an admin's re-query, an agent's refund, and a
    // reconciler pass; ten purchases at a time.
    const statuses: number[] = [];
    for (let start = 0; start < RACES; start += 10) {
      await Promise.all(
        ids.slice(start, start + 10).flatMap((id) => [
          t
            .request()
            .post(`/api/v1/admin/requery/${id}`)
            .set('x-auth-token', admin.token)
            .then((r) => statuses.push(r.status)),
          t
            .request()
            .post(`/api/v1/admin/refund/${id}`)
            .set('x-auth-token', agent.token)
            .send({})
            .then((r) => statuses.push(r.status)),
          reconcileOnce(t.ctx, { limit: 5 }),
        ]),
      );
    }
    // Staff get a definite answer each time: done (200), refused as settled or unconfirmed (409),
    // or, for the agent who finds it delivered already, not theirs to refund (403). Never a 500.
    expect(statuses.filter((s) => ![200, 403, 409].includes(s))).toEqual([]);

    let delivered = 0;
    for (const id of ids) {
      const purchase = await row(id);
      const refunds = await t.ctx.db
        .select()
        .from(journals)
        .where(eq(journals.reference, `refund:${purchase.reference}`));
      const refundLines = await t.ctx.db
        .select()
        .from(transactions)
        .where(eq(transactions.reference, `R${purchase.reference}`));
      const says = await supplierSays(id);
      if (says === 'success') {
        delivered += 1;
        expect(purchase.status).toBe('success');
        expect(refunds).toHaveLength(0);
        expect(refundLines).toHaveLength(0);
      } else {
        expect(says).toBe('failed');
        expect(purchase.status).toBe('refunded');
        expect(refunds).toHaveLength(1);
        expect(refundLines).toHaveLength(1);
      }
    }
    expect(delivered).toBe(RACES / 2);
    // Paid for the delivered half only.
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(
      RACES * 100_00 - (RACES / 2) * 99_00,
    );
    expect(await t.ledgerViolations()).toEqual([]);
  }, 240_000);
});

describe('POST /api/v1/admin/refund/{id} of a delivered purchase', () => {
  it('is refused to an agent (403) and to an admin without a reason (400), and moves nothing', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const bought = await buyAirtime(buyer, '08031234567');
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;

    const byAgent = await t
      .request()
      .post(`/api/v1/admin/refund/${id}`)
      .set('x-auth-token', agent.token)
      .send({ reason: 'Customer says it never arrived' });
    expect(byAgent.status).toBe(403);
    const noReason = await t
      .request()
      .post(`/api/v1/admin/refund/${id}`)
      .set('x-auth-token', admin.token)
      .send({});
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('Please give a reason for refunding a delivered purchase');
    expect((await row(id)).status).toBe('success');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00 - 99_00);
  });

  it('is done by an admin with a reason, once, reversed from the supplier and revenue, and audited', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const bought = await buyAirtime(buyer, '08031234568');
    const id = bought.body.receipt._id as string;
    const refund = () =>
      t
        .request()
        .post(`/api/v1/admin/refund/${id}`)
        .set('x-auth-token', admin.token)
        .send({ reason: 'Delivered to a wrong number by the supplier' });
    const [first, second] = await Promise.all([refund(), refund()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await row(id)).status).toBe('refunded');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00);

    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'purchase.reverse_delivered',
      targetType: 'transaction',
      reason: 'Delivered to a wrong number by the supplier',
      before: { status: 'success' },
      after: { status: 'refunded' },
    });
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('refuses transfers and other non-purchases with a message', async () => {
    const sender = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const recipient = await createUser(t.ctx);
    const sent = await t
      .request()
      .post('/api/v1/auth/transferFund')
      .set('x-auth-token', sender.token)
      .send({ userName: recipient.userName, amount: 100 });
    expect(sent.status).toBe(200);
    const res = await t
      .request()
      .post(`/api/v1/admin/refund/${sent.body.receipt._id}`)
      .set('x-auth-token', admin.token)
      .send({ reason: 'Trying to refund a transfer' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Only purchases can be refunded');
  });
});
