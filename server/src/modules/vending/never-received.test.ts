import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { queryRows } from '../../db/query.ts';
import { auditLog, sandboxMails, transactions } from '../../db/schema/index.ts';
import { newReference } from '../../lib/ids.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { openPurchase } from '../ledger/purchase-journals.ts';
import { reconcileOnce } from './reconciler.ts';

/**
 * Purchases caught between the debit and the supplier's answer (a process killed, the database
 * restarted): the wallet is debited and the receipt is 'processing'. Here they are made exactly
 * so, with openPurchase and no request, then backdated rather than waited for. The grace is the
 * default 120 s.
 */
let t: TestApp;
let buyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.ctx, { balanceKobo: 10_000_00 });
  admin = await createUser(t.ctx, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

/** A ₦100 MTN airtime purchase debited and left 'processing', due for its re-query now. */
const caughtMidFlight = async (phone: string, { ageSeconds }: { ageSeconds: number }) => {
  const reference = newReference('VND');
  const row = await openPurchase(t.ctx.db, {
    userId: buyer.id,
    reference,
    type: 'airtime',
    network: 'MTN',
    phoneNumber: phone,
    chargeKobo: 99_00,
    costKobo: 97_00,
    supplier: 'ALARO',
    planId: null,
    ported: false,
    details: {},
    requestId: null,
    graceSeconds: 0,
  });
  await t.ctx.db
    .update(transactions)
    .set({ createdAt: sql`now() - make_interval(secs => ${ageSeconds})`, nextCheckAt: sql`now()` })
    .where(eq(transactions.id, row!.id));
  return row!;
};

const statusOf = async (id: string) => {
  const [row] = await t.ctx.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
};

const journalsOf = async (reference: string) =>
  (
    await queryRows<{ reference: string }>(
      t.ctx.db,
      sql`select reference from journals where reference like ${`%${reference}`}`,
    )
  )
    .map((r) => r.reference)
    .sort(
      (a, b) =>
        ['purchase', 'settle', 'refund'].indexOf(a.split(':')[0]!) -
        ['purchase', 'settle', 'refund'].indexOf(b.split(':')[0]!),
    );

describe('a purchase the supplier never received', () => {
  it('stays pending while younger than the grace, however often it is re-queried', async () => {
    const purchase = await caughtMidFlight('08031230001', { ageSeconds: 60 });
    const before = await getWalletBalanceKobo(t.ctx.db, buyer.id);
    await reconcileOnce(t.ctx);
    const row = await statusOf(purchase.id);
    expect(row.status).toBe('pending');
    expect(row.apiResponse).toContain('{"detail":"Not found."}');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(before);
    expect(await journalsOf(purchase.reference)).toEqual([`purchase:${purchase.reference}`]);
  });

  it('is refunded once past the grace, with an audit row, a refund line and a mail', async () => {
    const purchase = await caughtMidFlight('08031230002', { ageSeconds: 121 });
    const before = await getWalletBalanceKobo(t.ctx.db, buyer.id);

    // Several reconcilers (several processes) at once, then again: one refund.
    await Promise.all([reconcileOnce(t.ctx), reconcileOnce(t.ctx), reconcileOnce(t.ctx)]);
    await t.ctx.db
      .update(transactions)
      .set({ nextCheckAt: sql`now()` })
      .where(eq(transactions.id, purchase.id));
    await reconcileOnce(t.ctx);

    const row = await statusOf(purchase.id);
    expect(row.status).toBe('refunded');
    expect(row.apiResponse).toContain('the supplier has no record of it 120 s after it began');
    expect(await getWalletBalanceKobo(t.ctx.db, buyer.id)).toBe(before + 99_00);
    expect(await journalsOf(purchase.reference)).toEqual([
      `purchase:${purchase.reference}`,
      `refund:${purchase.reference}`,
    ]);
    const [line] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, `R${purchase.reference}`));
    expect(line).toMatchObject({ type: 'refund', status: 'success', amountKobo: 99_00 });
    expect(line!.apiResponse).toBe(
      `Refund of airtime purchase ${purchase.reference}: it never reached our supplier`,
    );
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, purchase.id),
          eq(auditLog.action, 'purchase.refund_not_received'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      before: { status: 'processing' },
      after: { status: 'refunded' },
    });
    const mails = await t.ctx.db
      .select()
      .from(sandboxMails)
      .where(eq(sandboxMails.to, buyer.email));
    const mail = mails.filter((m) => m.subject.includes(purchase.reference));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('never reached our supplier');
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('settles from the re-query when the supplier did receive it but we never recorded the answer', async () => {
    const purchase = await caughtMidFlight('08031230003', { ageSeconds: 600 });
    // The order went out and was delivered; the process died before it saw the answer.
    const answer = await t.ctx.suppliers.get('ALARO').buyAirtime({
      reference: purchase.reference,
      network: 'MTN',
      phone: '08031230003',
      amountKobo: 100_00,
      ported: false,
    });
    expect(answer.outcome).toBe('success');
    await reconcileOnce(t.ctx);
    const row = await statusOf(purchase.id);
    expect(row.status).toBe('success');
    expect(await journalsOf(purchase.reference)).toEqual([
      `purchase:${purchase.reference}`,
      `settle:${purchase.reference}`,
    ]);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('is never refunded on "not found" when the supplier had given us its own id for it', async () => {
    const purchase = await caughtMidFlight('08031230004', { ageSeconds: 3600 });
    // The supplier answered with an id once (so it has the order) and now says it knows no such
    // id: that is the supplier's confusion, not a purchase that never arrived.
    await t.ctx.db
      .update(transactions)
      .set({ supplierRef: '987654321', status: 'pending' })
      .where(eq(transactions.id, purchase.id));
    await reconcileOnce(t.ctx);
    const row = await statusOf(purchase.id);
    expect(row.status).toBe('pending');
    expect(await journalsOf(purchase.reference)).toEqual([`purchase:${purchase.reference}`]);
  });

  it('a staff refund past the grace refunds it, audited with the staff member', async () => {
    const purchase = await caughtMidFlight('08031230005', { ageSeconds: 300 });
    const res = await t
      .request()
      .post(`/api/v1/admin/refund/${purchase.id}`)
      .set('x-auth-token', admin.token)
      .send({});
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Transaction refunded');
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, purchase.id),
          eq(auditLog.action, 'purchase.refund_not_received'),
        ),
      );
    expect(audit).toMatchObject([{ actorId: admin.id }]);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
