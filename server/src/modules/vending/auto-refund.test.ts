import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
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
 * The 24-hour rule with a short delay (AUTO_REFUND_AFTER_HOURS=0.5, i.e. 30 minutes): purchases
 * are backdated past it rather than waited for.
 */
let t: TestApp;
let buyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ AUTO_REFUND_AFTER_HOURS: '0.5' });
  buyer = await createUser(t.ctx, { balanceKobo: 10_000_00 });
  admin = await createUser(t.ctx, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

/** A ₦100 MTN airtime purchase the sandbox answers 'processing' (number ending 1111). */
const buyPending = async (phone: string) => {
  const res = await t
    .request()
    .post('/api/v1/buy/airtime')
    .set('x-auth-token', buyer.token)
    .send({ network: 1, mobile_number: phone, amount: 100 });
  expect(res.status).toBe(202);
  const [row] = await t.ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.phoneNumber, phone), eq(transactions.type, 'airtime')));
  expect(row!.status).toBe('pending');
  return row!;
};

/** The supplier loses track of the order: its re-query answers 404 (no definite answer). */
const hideOrder = async (supplierRef: string) => {
  await t.ctx.db
    .update(sandboxSupplierOrders)
    .set({ id: sql`${sandboxSupplierOrders.id} + 900000000` })
    .where(eq(sandboxSupplierOrders.id, Number(supplierRef)));
};

/** …and later finds and delivers it. */
const deliverLate = async (supplierRef: string) => {
  await t.ctx.db
    .update(sandboxSupplierOrders)
    .set({ id: Number(supplierRef), status: 'successful' })
    .where(eq(sandboxSupplierOrders.id, Number(supplierRef) + 900000000));
};

const backdate = async (id: string, minutes: number) => {
  await t.ctx.db
    .update(transactions)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(transactions.id, id));
};

const refundLinesOf = (reference: string) =>
  t.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, `R${reference}`));

describe('refund after the configured hours unconfirmed', () => {
  it('leaves a younger unconfirmed purchase pending', async () => {
    const purchase = await buyPending('08035551111');
    await hideOrder(purchase.supplierRef!);
    await backdate(purchase.id, 29);
    await reconcileOnce(t.ctx);
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, purchase.id));
    expect(row!.status).toBe('pending');
    expect(await refundLinesOf(purchase.reference)).toEqual([]);
  });

  it('books a sale when the final re-query says delivered', async () => {
    const purchase = await buyPending('08035561111');
    await backdate(purchase.id, 31);
    const before = await getWalletBalanceKobo(t.ctx.db, buyer.id);
    await reconcileOnce(t.ctx);
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, purchase.id));
    expect(row!.status).toBe('success');
    expect(await refundLinesOf(purchase.reference)).toEqual([]);
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(before);
    expect(
      await t.ctx.db
        .select()
        .from(adminAlerts)
        .where(
          and(eq(adminAlerts.kind, 'auto_refund'), eq(adminAlerts.transactionId, purchase.id)),
        ),
    ).toEqual([]);
  });

  it('refunds once after a final re-query without an answer, says why, tells the user, alerts; reconciliation catches a late delivery', async () => {
    const purchase = await buyPending('08035571111');
    await hideOrder(purchase.supplierRef!);
    await backdate(purchase.id, 31);
    const before = await getWalletBalanceKobo(t.ctx.db, buyer.id);

    // Several reconcilers at once, then again: one refund.
    await Promise.all([reconcileOnce(t.ctx), reconcileOnce(t.ctx), reconcileOnce(t.ctx)]);
    await reconcileOnce(t.ctx);

    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, purchase.id));
    expect(row!.status).toBe('refunded');
    expect(row!.apiResponse).toContain('auto refund after 0.5 h unconfirmed');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(before + purchase.amountKobo);
    const lines = await refundLinesOf(purchase.reference);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ type: 'refund', status: 'success', amountKobo: 99_00 });
    expect(lines[0]!.apiResponse).toBe(
      `Refund of airtime purchase ${purchase.reference}: the supplier did not confirm it within 0.5 h`,
    );
    const [{ n }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from journals where reference like ${`%${purchase.reference}%`}`,
    )) as [{ n: number }];
    expect(n).toBe(2); // the debit and one refund

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, purchase.id), eq(auditLog.action, 'purchase.auto_refund')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      reason: 'auto refund after 0.5 h unconfirmed',
      before: { status: 'pending' },
      after: { status: 'refunded' },
    });
    const alerts = await t.ctx.db
      .select()
      .from(adminAlerts)
      .where(and(eq(adminAlerts.kind, 'auto_refund'), eq(adminAlerts.transactionId, purchase.id)));
    expect(alerts).toHaveLength(1);
    const mails = await t.ctx.db
      .select()
      .from(sandboxMails)
      .where(eq(sandboxMails.to, buyer.email));
    expect(mails.filter((m) => m.subject.includes(purchase.reference))).toHaveLength(1);
    expect(mails.find((m) => m.subject.includes(purchase.reference))!.text).toContain('₦99.00');

    // The audit log shows it with no staff actor.
    const log = await t
      .request()
      .get(`/api/v1/admin/audit?action=purchase.auto_refund&targetId=${purchase.id}`)
      .set('x-auth-token', admin.token);
    expect(log.body.entries).toEqual([
      expect.objectContaining({ actor: null, reason: 'auto refund after 0.5 h unconfirmed' }),
    ]);

    // The supplier delivers after all: the day's reconciliation lists it.
    await deliverLate(purchase.supplierRef!);
    const day = lagosToday(new Date(Date.now() - 31 * 60_000));
    const result = await reconcileSuppliers(t.ctx, day);
    expect(result.mismatches).toContainEqual(
      expect.objectContaining({
        reference: purchase.reference,
        kind: 'refunded_but_delivered',
        ours: 'refunded',
        theirs: 'success',
      }),
    );
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('does nothing when turned off (0)', async () => {
    const purchase = await buyPending('08035581111');
    await hideOrder(purchase.supplierRef!);
    await backdate(purchase.id, 60 * 48);
    const saved = t.ctx.config.vending.autoRefundAfterSeconds;
    t.ctx.config.vending.autoRefundAfterSeconds = 0;
    try {
      await reconcileOnce(t.ctx);
    } finally {
      t.ctx.config.vending.autoRefundAfterSeconds = saved;
    }
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, purchase.id));
    expect(row!.status).toBe('pending');
  });
});
