import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminAlerts, transactions } from '../../db/schema/index.ts';
import { lagosToday, reconcileSuppliers } from './supplier-reconciliation.service.ts';

/**
 * Float reconciliation (decision 0026): per supplier and Lagos day, what the supplier's own
 * answers say our float there moved (Σ balance_before − balance_after over the delivered
 * purchases) against what those purchases cost us. Sandbox 8888 takes twice its price.
 */

let t: TestApp;
let buyer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t.ctx, { balanceKobo: 50_000_00 });
  admin = await createUser(t.ctx, { isAdmin: true });
});
afterAll(async () => {
  await t?.close();
});

const buy = async (path: string, body: object) => {
  const res = await t
    .request()
    .post(`/api/v1/buy/${path}`)
    .set('x-auth-token', buyer.token)
    .send(body);
  expect(res.status).toBe(200);
  const [row] = await t.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, res.body.receipt._id as string));
  return row!;
};
const floatAlerts = () =>
  t.ctx.db.select().from(adminAlerts).where(eq(adminAlerts.kind, 'float_mismatch'));

describe('float reconciliation', () => {
  it("agrees when each supplier took exactly our cost (data, airtime at the supplier's rate, electricity)", async () => {
    const data = await buy('data', { network: 1, mobile_number: '08031234567', plan: '2' });
    const airtime = await buy('airtime', { network: 1, mobile_number: '08031234568', amount: 500 });
    const power = await buy('electricity', {
      meterNumber: '1234567890',
      meterId: 18,
      meterType: 'prepaid',
      amount: 1000,
    });
    // Airtime costs us less than its face value; the sandbox charges that, as a supplier would.
    expect(airtime.costKobo).toBeLessThan(500_00);

    const run = await reconcileSuppliers(t.ctx, lagosToday());
    expect(run.mismatches).toEqual([]);
    const delivered = [data, airtime, power];
    for (const check of run.floats) {
      const mine = delivered.filter((p) => p.supplier === check.supplier);
      expect(check).toEqual({
        supplier: check.supplier,
        delivered: mine.length,
        measured: mine.length,
        movementKobo: mine.reduce((sum, p) => sum + p.costKobo, 0),
        costKobo: mine.reduce((sum, p) => sum + p.costKobo, 0),
        differenceKobo: 0,
        differing: [],
      });
    }
    expect(run.floats.reduce((n, f) => n + f.delivered, 0)).toBe(3);
    expect(await floatAlerts()).toEqual([]);
  });

  it('alerts once per supplier and day when the float moved by more than our cost (8888)', async () => {
    const greedy = await buy('data', { network: 1, mobile_number: '08031238888', plan: '2' });
    const run = await reconcileSuppliers(t.ctx, lagosToday());
    const check = run.floats.find((f) => f.supplier === greedy.supplier)!;
    expect(check.differenceKobo).toBe(greedy.costKobo);
    expect(check.movementKobo - check.costKobo).toBe(greedy.costKobo);
    expect(check.differing).toEqual([greedy.reference]);
    const alerts = await floatAlerts();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe(`${greedy.supplier}:${lagosToday()}`);
    expect(alerts[0]!.message).toContain(greedy.reference);
    expect(alerts[0]!.message).toContain('₦560.00 more than our cost');

    // Again, and after an admin acknowledged it: the same day's difference is not alerted twice.
    await t
      .request()
      .post(`/api/v1/admin/alerts/${alerts[0]!.id}/acknowledge`)
      .set('x-auth-token', admin.token)
      .expect(200);
    const again = await reconcileSuppliers(t.ctx, lagosToday());
    expect(again.floats.find((f) => f.supplier === greedy.supplier)!.differenceKobo).toBe(
      greedy.costKobo,
    );
    expect(await floatAlerts()).toHaveLength(1);

    // The admin's list shows it, in naira.
    const runs = await t
      .request()
      .get('/api/v1/admin/reconcileSuppliers')
      .set('x-auth-token', admin.token);
    expect(runs.status).toBe(200);
    expect(runs.body.runs[0].floats).toContainEqual(
      expect.objectContaining({
        supplier: greedy.supplier,
        difference: greedy.costKobo / 100,
        differing: [greedy.reference],
      }),
    );
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
