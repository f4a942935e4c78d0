import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminAlerts, transactions } from '../../db/schema/index.ts';
import { lagosToday, reconcileSuppliers } from './supplier-reconciliation.service.ts';

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.ctx, { balanceKobo: 20_000_00 });
  admin = await createUser(t.ctx, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const buy = async (phone: string) => {
  const res = await t
    .request()
    .post('/api/v1/buy/airtime')
    .set('x-auth-token', buyer.token)
    .send({ network: 1, mobile_number: phone, amount: 100 });
  expect([200, 400]).toContain(res.status);
  const [row] = await t.ctx.db
    .select()
    .from(transactions)
    // The purchase itself, not the refund line a failure adds with the same number.
    .where(and(eq(transactions.phoneNumber, phone), eq(transactions.type, 'airtime')));
  return row!;
};

describe('supplier reconciliation', () => {
  it('finds planted mismatches, in both directions, and alerts them; agreeing purchases pass', async () => {
    const delivered = await buy('08031110001');
    const failed = await buy('08031110000');
    const agreeing = await buy('08031110002');
    expect([delivered.status, failed.status, agreeing.status]).toEqual([
      'success',
      'refunded',
      'success',
    ]);
    // Plant the two kinds of disagreement in our books (the supplier's stay as they are).
    await t.ctx.db
      .update(transactions)
      .set({ status: 'refunded' })
      .where(eq(transactions.id, delivered.id));
    await t.ctx.db
      .update(transactions)
      .set({ status: 'success' })
      .where(eq(transactions.id, failed.id));

    const result = await reconcileSuppliers(t.ctx, lagosToday());
    expect(result.checked).toBeGreaterThanOrEqual(3);
    expect(result.mismatches.map((m) => [m.reference, m.kind]).sort()).toEqual(
      [
        [delivered.reference, 'refunded_but_delivered'],
        [failed.reference, 'sold_but_failed'],
      ].sort(),
    );
    const alerts = await t.ctx.db
      .select()
      .from(adminAlerts)
      .where(eq(adminAlerts.kind, 'supplier_mismatch'));
    expect(alerts.map((a) => a.transactionId).sort()).toEqual([delivered.id, failed.id].sort());
    // Nothing in our books was changed by the run.
    const [after] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, delivered.id));
    expect(after!.status).toBe('refunded');

    // A second run finds the same two and lists them, but alerts nothing it already alerted.
    const again = await reconcileSuppliers(t.ctx, lagosToday());
    expect(again.mismatches.map((m) => m.kind).sort()).toEqual(
      ['refunded_but_delivered', 'sold_but_failed'].sort(),
    );
    expect(await t.ctx.db.select().from(adminAlerts)).toHaveLength(alerts.length);
  });

  it('is started by an admin (not an agent) and its runs are listed', async () => {
    const agent = await createUser(t.ctx, { isAgent: true });
    const start = (user: TestUser, body: object) =>
      t
        .request()
        .post('/api/v1/admin/reconcileSuppliers')
        .set('x-auth-token', user.token)
        .send(body);
    expect((await start(agent, {})).status).toBe(403);
    expect((await start(admin, { date: '24-11-2026' })).status).toBe(400);
    const started = await start(admin, { date: lagosToday() });
    expect(started.status).toBe(202);
    let runs: { day: string; finishedAt: string | null }[] = [];
    for (let i = 0; i < 50; i += 1) {
      runs = (
        await t.request().get('/api/v1/admin/reconcileSuppliers').set('x-auth-token', admin.token)
      ).body.runs;
      if (runs.every((r) => r.finishedAt)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs[0]).toMatchObject({ day: lagosToday(), finishedAt: expect.any(String) });
  });
});
