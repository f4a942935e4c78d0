import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { sandboxSupplierOrders, transactions } from '../../db/schema/index.ts';
import { type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { reconcileOnce } from './reconciler.ts';

export let t: TestApp;

export const MTN_1GB_SME = { planId: '2', smartEarner: 600_00, reseller: 580_00, cost: 560_00 };

export const buyData = (
  user: TestUser,
  phone: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  t
    .request()
    .post('/api/v1/buy/data')
    .set('x-auth-token', user.token)
    .set(headers)
    .send({ network: 1, mobile_number: phone, plan: MTN_1GB_SME.planId, ...extra });

export const purchase = async (reference: string) => {
  const [row] = await t.ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, reference));
  return row!;
};

/** Lets the unsettled purchases become due and runs reconciler passes until none is left or tries run out. */
export const reconcileUntilSettled = async (reference: string, tries = 40) => {
  for (let i = 0; i < tries; i += 1) {
    const row = await purchase(reference);
    if (!['processing', 'pending'].includes(row.status)) return row;
    // An order whose answer timed out may still be on its way into the supplier's books.
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 150));
    await t.ctx.db
      .update(transactions)
      .set({ nextCheckAt: sql`now() - interval '1 second'` })
      .where(eq(transactions.reference, reference));
    await reconcileOnce(t.ctx);
  }
  return purchase(reference);
};

export const expectCleanLedger = async () => expect(await t.ledgerViolations()).toEqual([]);

/**
 * One test app per test file, opened before its tests and closed after them; `env` overrides
 * more settings.
 */
export const useVendingTestApp = (env: Record<string, string> = {}): void => {
  beforeAll(async () => {
    // The adapter gives up after 1.5 s; the sandbox's "no answer" trigger holds 2.5 s.
    t = await createTestApp({
      PROCESSING_GRACE_SECONDS: '1',
      RECONCILE_RETRY_SECONDS: '1',
      ...env,
    });
  });
  afterAll(async () => {
    await t?.close();
  });
};

/** An admin's supplier settings in tests: each network's list, and a sandbox supplier's outage. */
export const supplierActs = (asAdmin: () => Promise<TestUser>) => ({
  setSuppliers: async (body: Record<string, unknown>) =>
    t
      .request()
      .post('/api/v1/admin/supplier')
      .set('x-auth-token', (await asAdmin()).token)
      .send({ network: 'MTN', ...body }),
  outage: async (name: string, on: boolean) =>
    t
      .request()
      .post(`/api/v1/admin/sandbox/suppliers/${name}/outage`)
      .set('x-auth-token', (await asAdmin()).token)
      .send({ on }),
});

/** The sandbox orders a supplier holds under a purchase's reference (its request_id). */
export const ordersAt = (supplier: string, reference: string) =>
  t.ctx.db
    .select()
    .from(sandboxSupplierOrders)
    .where(
      and(
        eq(sandboxSupplierOrders.supplier, supplier),
        eq(sandboxSupplierOrders.requestId, reference),
      ),
    );
