import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import type { AppContext } from '../../app-context.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import {
  adminAlerts,
  auditLog,
  sandboxMails,
  sandboxSupplierOrders,
  transactions,
} from '../../db/schema/index.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { reconcileOnce } from './reconciler.ts';
import { lagosToday, reconcileSuppliers } from './supplier-reconciliation.service.ts';

/**
 * A supplier that reverses an order (sandbox 6666: delivered, then 'reversed' on the next
 * re-query, 'refunded' on the one after) has the customer refunded once, whoever finds it and
 * however many find it at once (decision 0026). On PostgreSQL a second reconciliation runs on its
 * own pool, as another server process would.
 */

const template = inject('dbTemplate');
let t: TestApp;
let other: Database | undefined;
/** Another process's context (its own pool) on PostgreSQL; this one on PGlite (one connection). */
let otherCtx: AppContext;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PROCESSING_GRACE_SECONDS: '1' });
  if (template.kind === 'pg') {
    other = openPostgres(databaseUrlFor(template.adminUrl, t.databaseName), { poolSize: 4 });
    otherCtx = { ...t.ctx, db: other.db };
  } else {
    otherCtx = t.ctx;
  }
  admin = await createUser(t.ctx, { isAdmin: true });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const buyAirtime = async (user: TestUser, phone: string) =>
  t
    .request()
    .post('/api/v1/buy/airtime')
    .set('x-auth-token', user.token)
    .send({ network: 1, mobile_number: phone, amount: 100 });

const purchaseOf = async (id: string) => {
  const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
};
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(t.ctx.db, query))[0]!.n);
/** Everything a refund writes, counted: journals, refund lines, audit rows. */
const refundTrail = async (id: string) => {
  const purchase = await purchaseOf(id);
  return {
    journals: await count(
      sql`select count(*) as n from journals where reference = ${`refund:${purchase.reference}`}`,
    ),
    lines: await count(
      sql`select count(*) as n from transactions where reference = ${`R${purchase.reference}`}`,
    ),
    audits: await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'purchase.supplier_reversal'))),
  };
};
const allAlerts = () => t.ctx.db.select().from(adminAlerts);

describe('a delivered purchase the supplier reverses (sandbox 6666)', () => {
  it('is refunded once by supplier reconciliation, shown as such, and a second run repeats nothing', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const bought = await buyAirtime(buyer, '08031236666');
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00 - 99_00);

    const first = await reconcileSuppliers(t.ctx, lagosToday());
    expect(first.mismatches).toEqual([
      expect.objectContaining({
        transactionId: id,
        kind: 'refunded_by_reversal',
        ours: 'success',
        theirs: 'reversed',
      }),
    ]);
    const purchase = await purchaseOf(id);
    expect(purchase.status).toBe('refunded');
    expect(purchase.profitKobo).toBe(0);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00);
    const trail = await refundTrail(id);
    expect(trail.journals).toBe(1);
    expect(trail.lines).toBe(1);
    expect(trail.audits).toEqual([
      expect.objectContaining({
        actorId: null,
        before: expect.objectContaining({ status: 'success' }),
        after: { status: 'refunded' },
      }),
    ]);
    // The refund line says why; the buyer is mailed; the admins are told once.
    const [line] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, `R${purchase.reference}`));
    expect(line!.apiResponse).toContain('our supplier reversed it');
    const mails = await t.ctx.db
      .select()
      .from(sandboxMails)
      .where(eq(sandboxMails.to, buyer.email));
    expect(mails.filter((m) => m.subject.includes(purchase.reference))).toHaveLength(1);
    expect(mails[0]!.text).toContain('was reversed by our supplier');
    const reversalAlerts = (await allAlerts()).filter((a) => a.kind === 'supplier_reversal');
    expect(reversalAlerts.map((a) => a.transactionId)).toEqual([id]);

    // The supplier now says 'refunded': that agrees with us. Nothing moves, nothing is alerted.
    const alertsBefore = (await allAlerts()).length;
    const second = await reconcileSuppliers(t.ctx, lagosToday());
    expect(second.mismatches).toEqual([]);
    expect((await allAlerts()).length).toBe(alertsBefore);
    expect((await refundTrail(id)).journals).toBe(1);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('is refunded once when two reconciliation runs, a staff re-query and the reconciler race', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const ids: string[] = [];
    for (const phone of ['08031246666', '08031256666', '08031266666']) {
      const bought = await buyAirtime(buyer, phone);
      expect(bought.status).toBe(200);
      ids.push(bought.body.receipt._id as string);
    }
    const [runA, runB] = await Promise.all([
      reconcileSuppliers(t.ctx, lagosToday()),
      reconcileSuppliers(otherCtx, lagosToday()),
      ...ids.map((id) =>
        t.request().post(`/api/v1/admin/requery/${id}`).set('x-auth-token', admin.token),
      ),
      reconcileOnce(t.ctx),
      reconcileOnce(otherCtx),
    ]);
    for (const id of ids) {
      expect((await purchaseOf(id)).status).toBe('refunded');
      const trail = await refundTrail(id);
      expect(trail.journals).toBe(1);
      expect(trail.lines).toBe(1);
      expect(trail.audits).toHaveLength(1);
      const listed = [...runA.mismatches, ...runB.mismatches].filter((m) => m.transactionId === id);
      // Listed by the run that refunded it, if a run did (a staff re-query may have won).
      expect(listed.length).toBeLessThanOrEqual(1);
      expect(listed.every((m) => m.kind === 'refunded_by_reversal')).toBe(true);
    }
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00);
    const reversalAlerts = (await allAlerts()).filter(
      (a) => a.kind === 'supplier_reversal' && ids.includes(a.transactionId!),
    );
    expect(reversalAlerts).toHaveLength(3);

    const alertsBefore = (await allAlerts()).length;
    await Promise.all([
      reconcileSuppliers(t.ctx, lagosToday()),
      reconcileSuppliers(otherCtx, lagosToday()),
    ]);
    expect((await allAlerts()).length).toBe(alertsBefore);
    for (const id of ids) expect((await refundTrail(id)).journals).toBe(1);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('a staff re-query of a delivered purchase finds the reversal and refunds it (audited as theirs)', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const id = (await buyAirtime(buyer, '08031276666')).body.receipt._id as string;
    const requery = () =>
      t.request().post(`/api/v1/admin/requery/${id}`).set('x-auth-token', admin.token);
    const res = await requery();
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('refunded');
    expect((await refundTrail(id)).audits).toEqual([
      expect.objectContaining({ actorId: admin.id }),
    ]);
    const again = await requery();
    expect(again.body).toMatchObject({
      status: 'refunded',
      msg: 'Transaction is already refunded',
    });
    expect((await refundTrail(id)).journals).toBe(1);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});

describe('an unsettled purchase the supplier reverses', () => {
  it('was not delivered: refunded once as a failure, from clearing', async () => {
    const buyer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const bought = await buyAirtime(buyer, '08031231111'); // pending
    expect(bought.status).toBe(202);
    const id = bought.body.receipt._id as string;
    const purchase = await purchaseOf(id);
    // The supplier reverses the order before it settles.
    await t.ctx.db
      .update(sandboxSupplierOrders)
      .set({ status: 'reversed' })
      .where(eq(sandboxSupplierOrders.requestId, purchase.reference));
    for (let pass = 0; pass < 2; pass += 1) {
      await t.ctx.db
        .update(transactions)
        .set({ nextCheckAt: sql`now() - interval '1 second'` })
        .where(eq(transactions.id, id));
      await Promise.all([reconcileOnce(t.ctx), reconcileOnce(otherCtx)]);
    }
    expect((await purchaseOf(id)).status).toBe('refunded');
    const trail = await refundTrail(id);
    expect(trail.journals).toBe(1);
    expect(trail.lines).toBe(1);
    // A failure refund, not a reversal of a sale: no supplier float or revenue touched.
    expect(
      await count(sql`select count(*) as n from postings p
        join journals j on j.id = p.journal_id
        join ledger_accounts a on a.id = p.account_id
        where j.reference = ${`refund:${purchase.reference}`} and a.code = 'purchase_clearing'`),
    ).toBe(1);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(1_000_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
