import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { dataPlans, sandboxSupplierFloats } from '../../db/schema/index.ts';
import type { SupplierResult, VendingSupplier } from '../../providers/vending/port.ts';
import { createSupplierRegistry } from '../../providers/vending/registry.ts';
import { loadSupplierSettings } from '../../config.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../../providers/vending/suppliers.config.ts';
import { databaseSandboxBooks, memorySandboxBooks, type SandboxBooks } from './sandbox-books.ts';
import {
  MAX_SANDBOX_TOPUP_KOBO,
  readSandboxPriceList,
  type NewSandboxOrder,
  type PlaceOrderResult,
  type SandboxPlan,
} from './sandbox-store.ts';
import { standaloneSandboxSuppliers } from './sandbox-supplier.routes.ts';

/**
 * The contract of SandboxBooks (sandbox-books.ts): the same cases against the database books
 * (the app) and the memory books (the benchmark's supplier process), so both keep the same rules.
 * Then the memory books behind the real routes, driven by the real adapter over real HTTP.
 */

let database: Database;
let db: Database['db'];
let priceLists: Record<TSupplier, Map<string, SandboxPlan>>;
/** MTN SME 1GB in the seeded catalogue: each supplier's plan id for it, and its cost price. */
let plan: { name: string; glad: string; alaro: string; costKobo: number };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  priceLists = {
    ALARO: await readSandboxPriceList(db, 'ALARO'),
    GLAD: await readSandboxPriceList(db, 'GLAD'),
  };
  const [row] = await db
    .select()
    .from(dataPlans)
    .where(
      sql`${dataPlans.network} = 'MTN' and ${dataPlans.planType} = 'SME' and ${dataPlans.plan} = '1GB'`,
    );
  plan = {
    name: 'MTN SME 1GB',
    glad: row!.supplierPlanIds.GLAD!,
    alaro: row!.supplierPlanIds.ALARO!,
    costKobo: row!.costPriceKobo,
  };
  expect(plan.costKobo).toBeGreaterThan(0);
  expect(priceLists.GLAD.size).toBeGreaterThan(0);
});
afterAll(async () => {
  await database?.close();
});

let seq = 0;
const requestId = (tag = 'REQ') => `${tag}-${++seq}-${Date.now()}`;

const order = (overrides: Partial<NewSandboxOrder> = {}): NewSandboxOrder => ({
  supplier: 'GLAD',
  kind: 'airtime',
  requestId: requestId(),
  request: { mobile_number: '08030005678', amount: '10.00' },
  amountKobo: 1_000,
  status: 'successful',
  ...overrides,
});

const placed = (result: PlaceOrderResult) => {
  expect(result.kind).toBe('placed');
  return result as Extract<PlaceOrderResult, { kind: 'placed' }>;
};

/** The floats each case starts from; a supplier left out has no float at all. */
type Floats = Partial<Record<TSupplier, number>>;

/** The database floats set to exactly these (a supplier left out has its float row removed). */
const setDatabaseFloats = async (floats: Floats) => {
  for (const supplier of SUPPLIERS) {
    const balanceKobo = floats[supplier];
    if (balanceKobo === undefined) {
      await db.delete(sandboxSupplierFloats).where(eq(sandboxSupplierFloats.supplier, supplier));
    } else {
      await db
        .insert(sandboxSupplierFloats)
        .values({ supplier, balanceKobo })
        .onConflictDoUpdate({ target: sandboxSupplierFloats.supplier, set: { balanceKobo } });
    }
  }
};

type Implementation = {
  name: string;
  /** Books whose floats are exactly `floats` now (the price lists are the seeded catalogue's). */
  open: (floats: Floats) => Promise<SandboxBooks>;
};

const implementations: Implementation[] = [
  {
    name: 'databaseSandboxBooks',
    open: async (floats) => {
      await setDatabaseFloats(floats);
      return databaseSandboxBooks(db);
    },
  },
  {
    name: 'memorySandboxBooks',
    open: async (floats) => memorySandboxBooks({ priceLists, floatsKobo: floats }),
  },
];

describe.each(implementations)('SandboxBooks contract: $name', ({ open }) => {
  describe('findPlan', () => {
    it("answers a supplier's plan by its plan id, with the catalogue's cost price", async () => {
      const books = await open({ GLAD: 0, ALARO: 0 });
      expect(await books.findPlan('GLAD', plan.glad)).toEqual({
        name: plan.name,
        network: 'MTN',
        costKobo: plan.costKobo,
      });
      expect(await books.findPlan('ALARO', plan.alaro)).toEqual({
        name: plan.name,
        network: 'MTN',
        costKobo: plan.costKobo,
      });
    });

    it('answers null for an unknown plan id', async () => {
      const books = await open({ GLAD: 0, ALARO: 0 });
      expect(await books.findPlan('GLAD', 'NO-SUCH-PLAN')).toBeNull();
      expect(await books.findPlan('ALARO', '')).toBeNull();
    });
  });

  describe('placeOrder', () => {
    it('a successful order is stored and takes its amount from the float', async () => {
      const books = await open({ GLAD: 50_000, ALARO: 7_000 });
      const o = order({ amountKobo: 12_345, kind: 'data', request: { plan: plan.glad } });
      const result = placed(await books.placeOrder(o));
      expect(result.balanceBeforeKobo).toBe(50_000);
      expect(result.balanceAfterKobo).toBe(50_000 - 12_345);
      expect(result.order).toMatchObject({
        supplier: 'GLAD',
        kind: 'data',
        requestId: o.requestId,
        request: { plan: plan.glad },
        status: 'successful',
        amountKobo: 12_345,
        token: null,
      });
      expect(Number.isInteger(result.order.id) && result.order.id > 0).toBe(true);
      expect(result.order.createdAt).toBeInstanceOf(Date);
      // The order keeps the float before and after it, for every later answer about it.
      expect(result.order).toMatchObject({
        balanceBeforeKobo: 50_000,
        balanceAfterKobo: 50_000 - 12_345,
      });
      expect(await books.findOrder('GLAD', 'data', o.requestId!)).toMatchObject({
        balanceBeforeKobo: 50_000,
        balanceAfterKobo: 50_000 - 12_345,
      });
      expect(await books.floatKobo('GLAD')).toBe(50_000 - 12_345);
      // Another supplier's float is untouched.
      expect(await books.floatKobo('ALARO')).toBe(7_000);
    });

    it('a processing order holds its amount from the float like a successful one', async () => {
      const books = await open({ GLAD: 20_000, ALARO: 0 });
      const result = placed(
        await books.placeOrder(order({ amountKobo: 4_000, status: 'processing' })),
      );
      expect(result).toMatchObject({ balanceBeforeKobo: 20_000, balanceAfterKobo: 16_000 });
      expect(result.order).toMatchObject({ status: 'processing', amountKobo: 4_000, token: null });
      expect(await books.floatKobo('GLAD')).toBe(16_000);
    });

    it('a failed order is stored and takes nothing', async () => {
      const books = await open({ GLAD: 20_000, ALARO: 0 });
      const o = order({ amountKobo: 4_000, status: 'failed' });
      const result = placed(await books.placeOrder(o));
      expect(result).toMatchObject({ balanceBeforeKobo: 20_000, balanceAfterKobo: 20_000 });
      expect(result.order).toMatchObject({ status: 'failed', amountKobo: 4_000 });
      expect(await books.floatKobo('GLAD')).toBe(20_000);
      expect(await books.findOrder('GLAD', 'airtime', o.requestId!)).toEqual(result.order);
    });

    it('successive orders chain their balances', async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const a = placed(await books.placeOrder(order({ amountKobo: 1_500 })));
      const b = placed(await books.placeOrder(order({ amountKobo: 2_500, status: 'failed' })));
      const c = placed(await books.placeOrder(order({ amountKobo: 3_000, status: 'processing' })));
      expect([a, b, c].map((r) => [r.balanceBeforeKobo, r.balanceAfterKobo])).toEqual([
        [10_000, 8_500],
        [8_500, 8_500],
        [8_500, 5_500],
      ]);
      expect(new Set([a, b, c].map((r) => r.order.id)).size).toBe(3);
      expect(await books.floatKobo('GLAD')).toBe(5_500);
    });

    it('orders without a request id are each their own order', async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const a = placed(await books.placeOrder(order({ requestId: null })));
      const b = placed(await books.placeOrder(order({ requestId: null })));
      expect(a.order.id).not.toBe(b.order.id);
      expect(a.order.requestId).toBeNull();
      expect(await books.floatKobo('GLAD')).toBe(8_000);
    });

    it('a repeat of (supplier, kind, request_id) answers the first order and takes nothing more', async () => {
      const books = await open({ GLAD: 100_000, ALARO: 100_000 });
      const o = order({ kind: 'data', amountKobo: 3_000 });
      const first = placed(await books.placeOrder(o));
      expect(await books.floatKobo('GLAD')).toBe(97_000);

      // Even with another amount and status, a repeat is the first order, untouched.
      const repeat = await books.placeOrder({ ...o, amountKobo: 9_999, status: 'failed' });
      expect(repeat).toEqual({ kind: 'duplicate', order: first.order });
      expect(await books.placeOrder({ ...o })).toEqual({ kind: 'duplicate', order: first.order });
      expect(await books.floatKobo('GLAD')).toBe(97_000);
      expect(await books.findOrder('GLAD', 'data', o.requestId!)).toEqual(first.order);
    });

    it('the same request_id under another kind or another supplier is a new order', async () => {
      const books = await open({ GLAD: 100_000, ALARO: 100_000 });
      const o = order({ kind: 'data', amountKobo: 3_000 });
      const first = placed(await books.placeOrder(o));
      const otherKind = placed(await books.placeOrder({ ...o, kind: 'airtime' }));
      const otherSupplier = placed(await books.placeOrder({ ...o, supplier: 'ALARO' }));
      expect(otherKind.order.id).not.toBe(first.order.id);
      expect(otherKind.order).toMatchObject({ supplier: 'GLAD', kind: 'airtime' });
      expect(otherKind).toMatchObject({ balanceBeforeKobo: 97_000, balanceAfterKobo: 94_000 });
      expect(otherSupplier.order.id).not.toBe(first.order.id);
      expect(otherSupplier.order).toMatchObject({ supplier: 'ALARO', kind: 'data' });
      expect(otherSupplier).toMatchObject({ balanceBeforeKobo: 100_000, balanceAfterKobo: 97_000 });
      expect(await books.floatKobo('GLAD')).toBe(94_000);
      expect(await books.floatKobo('ALARO')).toBe(97_000);
    });

    it('a repeat of a settled order answers it as it now stands', async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const o = order({ amountKobo: 4_000, status: 'processing' });
      const first = placed(await books.placeOrder(o));
      const settled = await books.settleOrder(first.order, 'failed');
      expect(settled.status).toBe('failed');
      expect(await books.floatKobo('GLAD')).toBe(10_000);
      expect(await books.placeOrder({ ...o })).toEqual({ kind: 'duplicate', order: settled });
      expect(await books.floatKobo('GLAD')).toBe(10_000);
    });

    it('a repeat is a duplicate even when the float could no longer cover it', async () => {
      const books = await open({ GLAD: 5_000, ALARO: 0 });
      const o = order({ amountKobo: 5_000 });
      const first = placed(await books.placeOrder(o));
      expect(first.balanceAfterKobo).toBe(0);
      expect(await books.placeOrder({ ...o })).toEqual({ kind: 'duplicate', order: first.order });
      expect(await books.floatKobo('GLAD')).toBe(0);
    });

    it('an order the float cannot cover is refused: nothing stored, nothing taken', async () => {
      const books = await open({ GLAD: 2_999, ALARO: 0 });
      for (const status of ['successful', 'processing'] as const) {
        const o = order({ amountKobo: 3_000, status });
        expect(await books.placeOrder(o)).toEqual({ kind: 'insufficient', balanceKobo: 2_999 });
        expect(await books.findOrder('GLAD', 'airtime', o.requestId!)).toBeNull();
      }
      expect(await books.floatKobo('GLAD')).toBe(2_999);
      // A refused request_id is free: once the float covers it, the same request is placed.
      const retry = order({ amountKobo: 3_000 });
      expect((await books.placeOrder(retry)).kind).toBe('insufficient');
      expect(await books.topUpFloat('GLAD', 1)).toBe(3_000);
      const now = placed(await books.placeOrder({ ...retry }));
      expect(now).toMatchObject({ balanceBeforeKobo: 3_000, balanceAfterKobo: 0 });
      expect(await books.findOrder('GLAD', 'airtime', retry.requestId!)).toEqual(now.order);
    });

    it('an order of exactly the float is placed and leaves 0', async () => {
      const books = await open({ GLAD: 3_000, ALARO: 0 });
      const result = placed(await books.placeOrder(order({ amountKobo: 3_000 })));
      expect(result).toMatchObject({ balanceBeforeKobo: 3_000, balanceAfterKobo: 0 });
      expect(await books.floatKobo('GLAD')).toBe(0);
      expect(await books.placeOrder(order({ amountKobo: 1 }))).toEqual({
        kind: 'insufficient',
        balanceKobo: 0,
      });
    });

    it('a failed order goes through on a float of 0 (it takes nothing)', async () => {
      const books = await open({ GLAD: 0, ALARO: 0 });
      const o = order({ amountKobo: 50_000, status: 'failed' });
      const result = placed(await books.placeOrder(o));
      expect(result).toMatchObject({ balanceBeforeKobo: 0, balanceAfterKobo: 0 });
      expect(result.order).toMatchObject({ status: 'failed', amountKobo: 50_000 });
      expect(await books.findOrder('GLAD', 'airtime', o.requestId!)).toEqual(result.order);
      expect(await books.floatKobo('GLAD')).toBe(0);
    });

    it('a supplier without a float refuses every order, even a failed one, until topped up', async () => {
      const books = await open({ GLAD: 10_000 });
      expect(await books.floatKobo('ALARO')).toBe(0);
      for (const status of ['successful', 'processing', 'failed'] as const) {
        const o = order({ supplier: 'ALARO', status, amountKobo: 100 });
        expect(await books.placeOrder(o)).toEqual({ kind: 'insufficient', balanceKobo: 0 });
        expect(await books.findOrder('ALARO', 'airtime', o.requestId!)).toBeNull();
      }
      expect(await books.topUpFloat('ALARO', 500)).toBe(500);
      const result = placed(await books.placeOrder(order({ supplier: 'ALARO', amountKobo: 100 })));
      expect(result).toMatchObject({ balanceBeforeKobo: 500, balanceAfterKobo: 400 });
      expect(await books.floatKobo('GLAD')).toBe(10_000);
    });

    it('orders placed together: the float covers as many as it can and refuses the rest', async () => {
      const books = await open({ GLAD: 3_500, ALARO: 0 });
      const orders = Array.from({ length: 5 }, () => order({ amountKobo: 1_000 }));
      const results = await Promise.all(orders.map((o) => books.placeOrder(o)));
      // Which ones win is up to the database; how many, and the balances they see, are not.
      const placedOnes = results.flatMap((r) => (r.kind === 'placed' ? [r] : []));
      expect(placedOnes).toHaveLength(3);
      expect(
        placedOnes
          .map((p) => [p.balanceBeforeKobo, p.balanceAfterKobo])
          .sort(([a], [b]) => b! - a!),
      ).toEqual([
        [3_500, 2_500],
        [2_500, 1_500],
        [1_500, 500],
      ]);
      const refused = orders.filter((_, i) => results[i]!.kind !== 'placed');
      expect(refused).toHaveLength(2);
      for (const r of results.filter((r) => r.kind !== 'placed'))
        expect(r).toEqual({ kind: 'insufficient', balanceKobo: 500 });
      expect(await books.floatKobo('GLAD')).toBe(500);
      for (const o of refused) {
        expect(await books.findOrder('GLAD', 'airtime', o.requestId!)).toBeNull();
      }
    });

    it('repeats placed together are placed once; the others answer that order', async () => {
      const books = await open({ GLAD: 100_000, ALARO: 0 });
      const o = order({ amountKobo: 2_000 });
      const results = await Promise.all(
        Array.from({ length: 6 }, () => books.placeOrder({ ...o })),
      );
      const placedOnes = results.filter((r) => r.kind === 'placed');
      expect(placedOnes).toHaveLength(1);
      const first = placed(placedOnes[0]!);
      expect(first).toMatchObject({ balanceBeforeKobo: 100_000, balanceAfterKobo: 98_000 });
      for (const r of results.filter((r) => r !== first))
        expect(r).toEqual({ kind: 'duplicate', order: first.order });
      expect(await books.floatKobo('GLAD')).toBe(98_000);
    });
  });

  describe('tokens', () => {
    it('an electricity order placed successful has a 20-digit token; other orders have none', async () => {
      const books = await open({ GLAD: 100_000, ALARO: 0 });
      const electricity = placed(await books.placeOrder(order({ kind: 'electricity' })));
      expect(electricity.order.token).toMatch(/^\d{20}$/);
      const another = placed(await books.placeOrder(order({ kind: 'electricity' })));
      expect(another.order.token).toMatch(/^\d{20}$/);
      expect(another.order.token).not.toBe(electricity.order.token);
      for (const status of ['processing', 'failed'] as const) {
        const o = placed(await books.placeOrder(order({ kind: 'electricity', status })));
        expect(o.order.token).toBeNull();
      }
      expect(placed(await books.placeOrder(order({ kind: 'data' }))).order.token).toBeNull();
      expect(placed(await books.placeOrder(order({ kind: 'airtime' }))).order.token).toBeNull();
    });
  });

  describe('findOrder', () => {
    it("finds an order by the supplier's id and by its request_id", async () => {
      const books = await open({ GLAD: 100_000, ALARO: 100_000 });
      const o = order({ kind: 'data' });
      const { order: stored } = placed(await books.placeOrder(o));
      expect(await books.findOrder('GLAD', 'data', String(stored.id))).toEqual(stored);
      expect(await books.findOrder('GLAD', 'data', o.requestId!)).toEqual(stored);
    });

    it('is scoped by supplier and kind', async () => {
      const books = await open({ GLAD: 100_000, ALARO: 100_000 });
      const o = order({ kind: 'data' });
      const { order: stored } = placed(await books.placeOrder(o));
      expect(await books.findOrder('GLAD', 'airtime', String(stored.id))).toBeNull();
      expect(await books.findOrder('GLAD', 'electricity', o.requestId!)).toBeNull();
      expect(await books.findOrder('ALARO', 'data', String(stored.id))).toBeNull();
      expect(await books.findOrder('ALARO', 'data', o.requestId!)).toBeNull();
    });

    it('answers null for an unknown key', async () => {
      const books = await open({ GLAD: 100_000, ALARO: 0 });
      placed(await books.placeOrder(order()));
      expect(await books.findOrder('GLAD', 'airtime', 'NO-SUCH-REQUEST')).toBeNull();
      expect(await books.findOrder('GLAD', 'airtime', '999999999')).toBeNull();
      expect(await books.findOrder('GLAD', 'airtime', '0')).toBeNull();
      expect(await books.findOrder('GLAD', 'airtime', '')).toBeNull();
    });

    it('an all-digit key is tried as the id first, then as a request_id', async () => {
      const books = await open({ GLAD: 100_000, ALARO: 0 });
      const byId = placed(await books.placeOrder(order({ kind: 'data' }))).order;
      // Another order whose request_id is the first one's id: the id wins.
      const named = placed(
        await books.placeOrder(order({ kind: 'data', requestId: String(byId.id) })),
      ).order;
      expect(await books.findOrder('GLAD', 'data', String(byId.id))).toEqual(byId);
      expect(named.id).not.toBe(byId.id);
      // All digits but no such id (9 digits), and too long to be an id (12 digits).
      const nineDigits = String(900_000_000 + seq);
      const twelveDigits = String(100_000_000_000 + seq);
      const a = placed(await books.placeOrder(order({ kind: 'data', requestId: nineDigits })));
      const b = placed(await books.placeOrder(order({ kind: 'data', requestId: twelveDigits })));
      expect(await books.findOrder('GLAD', 'data', nineDigits)).toEqual(a.order);
      expect(await books.findOrder('GLAD', 'data', twelveDigits)).toEqual(b.order);
    });
  });

  describe('settleOrder', () => {
    it("settling a processing order to 'failed' gives its amount back once", async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const { order: processing } = placed(
        await books.placeOrder(order({ amountKobo: 4_000, status: 'processing' })),
      );
      expect(await books.floatKobo('GLAD')).toBe(6_000);
      const failed = await books.settleOrder(processing, 'failed');
      expect(failed).toMatchObject({ id: processing.id, status: 'failed', amountKobo: 4_000 });
      expect(await books.floatKobo('GLAD')).toBe(10_000);

      // Settling again, even with the stale 'processing' copy, changes nothing.
      expect(await books.settleOrder(processing, 'failed')).toEqual(failed);
      expect(await books.settleOrder(processing, 'successful')).toEqual(failed);
      expect(await books.settleOrder(failed, 'failed')).toEqual(failed);
      expect(await books.floatKobo('GLAD')).toBe(10_000);
      expect(await books.findOrder('GLAD', 'airtime', String(processing.id))).toEqual(failed);
    });

    it("settling a processing order to 'successful' keeps the float", async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const { order: processing } = placed(
        await books.placeOrder(order({ kind: 'data', amountKobo: 4_000, status: 'processing' })),
      );
      const done = await books.settleOrder(processing, 'successful');
      expect(done).toMatchObject({ id: processing.id, status: 'successful', token: null });
      expect(await books.floatKobo('GLAD')).toBe(6_000);
      expect(await books.settleOrder(processing, 'failed')).toEqual(done);
      expect(await books.floatKobo('GLAD')).toBe(6_000);
      expect(await books.findOrder('GLAD', 'data', processing.requestId!)).toEqual(done);
    });

    it('an electricity order settled successful gets a 20-digit token; settled failed, none', async () => {
      const books = await open({ GLAD: 100_000, ALARO: 0 });
      const { order: toSucceed } = placed(
        await books.placeOrder(order({ kind: 'electricity', status: 'processing' })),
      );
      expect(toSucceed.token).toBeNull();
      const done = await books.settleOrder(toSucceed, 'successful');
      expect(done.status).toBe('successful');
      expect(done.token).toMatch(/^\d{20}$/);
      // Settled once: the token stays the one it was given.
      expect(await books.settleOrder(toSucceed, 'successful')).toEqual(done);
      expect(await books.findOrder('GLAD', 'electricity', String(toSucceed.id))).toEqual(done);

      const { order: toFail } = placed(
        await books.placeOrder(order({ kind: 'electricity', status: 'processing' })),
      );
      const failed = await books.settleOrder(toFail, 'failed');
      expect(failed).toMatchObject({ status: 'failed', token: null });
    });

    it('a successful order is reversed once (its amount back), then refunded (nothing more), a step at a time', async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const { order: successful } = placed(await books.placeOrder(order({ amountKobo: 3_000 })));
      expect(await books.floatKobo('GLAD')).toBe(7_000);
      // Not yet reversed: it cannot be refunded.
      expect(await books.settleOrder(successful, 'refunded')).toEqual(successful);
      const reversed = await books.settleOrder(successful, 'reversed');
      expect(reversed).toMatchObject({ id: successful.id, status: 'reversed', amountKobo: 3_000 });
      expect(await books.floatKobo('GLAD')).toBe(10_000);
      // Reversing again, even from the stale 'successful' copy, gives nothing more back.
      expect(await books.settleOrder(successful, 'reversed')).toEqual(reversed);
      expect(await books.floatKobo('GLAD')).toBe(10_000);
      const refunded = await books.settleOrder(reversed, 'refunded');
      expect(refunded).toMatchObject({ status: 'refunded' });
      expect(await books.settleOrder(reversed, 'refunded')).toEqual(refunded);
      expect(await books.settleOrder(refunded, 'reversed')).toEqual(refunded);
      expect(await books.floatKobo('GLAD')).toBe(10_000);
      // A processing or failed order is never reversed.
      const { order: processing } = placed(
        await books.placeOrder(order({ amountKobo: 1_000, status: 'processing' })),
      );
      expect(await books.settleOrder(processing, 'reversed')).toEqual(processing);
      expect(await books.floatKobo('GLAD')).toBe(9_000);
    });

    it('settling an order that is not processing answers it unchanged', async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const { order: successful } = placed(await books.placeOrder(order({ amountKobo: 1_000 })));
      const { order: failed } = placed(
        await books.placeOrder(order({ amountKobo: 2_000, status: 'failed' })),
      );
      expect(await books.settleOrder(successful, 'failed')).toEqual(successful);
      expect(await books.settleOrder(failed, 'successful')).toEqual(failed);
      expect(await books.floatKobo('GLAD')).toBe(9_000);
      expect(await books.findOrder('GLAD', 'airtime', successful.requestId!)).toEqual(successful);
      expect(await books.findOrder('GLAD', 'airtime', failed.requestId!)).toEqual(failed);
    });
  });

  describe('answers and bad input', () => {
    it('an answer is a copy: changing it changes nothing in the books', async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const first = order({ status: 'processing' });
      const { order: stored } = placed(await books.placeOrder(first));
      first.request.mobile_number = '00000000000';
      stored.status = 'successful';
      stored.request.mobile_number = '11111111111';
      const repeat = await books.placeOrder(order({ requestId: stored.requestId }));
      expect(repeat.kind).toBe('duplicate');
      const duplicate = (repeat as Extract<PlaceOrderResult, { kind: 'duplicate' }>).order;
      duplicate.status = 'successful';
      const found = await books.findOrder('GLAD', 'airtime', stored.requestId!);
      expect(found!.status).toBe('processing');
      expect(found!.request.mobile_number).toBe('08030005678');
      // Still processing in the books: settling it to failed gives the amount back.
      expect((await books.settleOrder(found!, 'failed')).status).toBe('failed');
      expect(await books.floatKobo('GLAD')).toBe(10_000);
    });

    it('an amount that is not a whole number of kobo is refused and nothing is kept', async () => {
      const books = await open({ GLAD: 10_000, ALARO: 0 });
      const bad = order({ amountKobo: 1.5 });
      await expect(books.placeOrder(bad)).rejects.toThrow();
      expect(await books.findOrder('GLAD', 'airtime', bad.requestId!)).toBeNull();
      expect(await books.floatKobo('GLAD')).toBe(10_000);
    });
  });

  describe('topUpFloat', () => {
    it('adds to the float and answers the new balance', async () => {
      const books = await open({ GLAD: 1_000, ALARO: 0 });
      expect(await books.topUpFloat('GLAD', 2_500)).toBe(3_500);
      expect(await books.topUpFloat('GLAD', 1)).toBe(3_501);
      expect(await books.floatKobo('GLAD')).toBe(3_501);
      expect(await books.floatKobo('ALARO')).toBe(0);
      expect(await books.topUpFloat('ALARO', MAX_SANDBOX_TOPUP_KOBO)).toBe(MAX_SANDBOX_TOPUP_KOBO);
    });

    it('refuses an amount out of bounds with a RangeError and changes nothing', async () => {
      const books = await open({ GLAD: 1_000, ALARO: 0 });
      for (const bad of [0, -1, -1_000, 1.5, 0.01, MAX_SANDBOX_TOPUP_KOBO + 1, NaN, Infinity]) {
        await expect(books.topUpFloat('GLAD', bad), String(bad)).rejects.toThrow(RangeError);
      }
      expect(await books.floatKobo('GLAD')).toBe(1_000);
      expect(await books.floatKobo('ALARO')).toBe(0);
    });
  });
});

describe('memorySandboxBooks behind the sandbox routes, through the real adapter over HTTP', () => {
  type Served = { server: Server; books: SandboxBooks; glad: VendingSupplier };
  const served: Served[] = [];

  /** The sandbox suppliers on these books, served alone as the benchmark serves them. */
  const serve = async (floatsKobo: Floats): Promise<Served> => {
    const books = memorySandboxBooks({ priceLists, floatsKobo });
    // Served as the benchmark's supplier process serves them.
    const server = createServer(
      standaloneSandboxSuppliers({ books, apiKeys: SANDBOX_SUPPLIER_KEYS, slowMs: 1_000 }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const registry = createSupplierRegistry({
      settings: loadSupplierSettings({ SUPPLIER_TIMEOUT_MS: '3000' }),
      sandboxBaseUrl: url,
    });
    const s = { server, books, glad: registry.get('GLAD') };
    served.push(s);
    return s;
  };

  afterAll(async () => {
    for (const { server } of served) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  let s: Served;
  beforeAll(async () => {
    s = await serve({ GLAD: 10_000_000, ALARO: 10_000_000 });
  });

  it('served alone: paths outside the sandbox suppliers are a 404', async () => {
    const port = (s.server.address() as AddressInfo).port;
    for (const path of ['/', '/api/data/', '/sandbox/other/api/data/']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  const next = (lastFour: string) => {
    seq += 1;
    return {
      reference: `VND-MEM-${seq}-${Date.now()}`,
      network: 'MTN' as const,
      phone: `0803${String(seq % 1000).padStart(3, '0')}${lastFour}`,
      supplierPlanId: plan.glad,
      ported: false,
    };
  };
  const expectOutcome = (result: SupplierResult, outcome: SupplierResult['outcome']) =>
    expect(result.outcome, `${result.message} | ${result.raw}`).toBe(outcome);

  it('any other number: success, the float reduced by the plan cost', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('5678');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'success');
    expect(result.supplierRef).toMatch(/^\d+$/);
    expect(JSON.parse(result.raw)).toMatchObject({
      Status: 'successful',
      request_id: o.reference,
      plan_name: plan.name,
      balance_before: (before / 100).toFixed(2),
      balance_after: ((before - plan.costKobo) / 100).toFixed(2),
    });
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    expectOutcome(
      await s.glad.query('data', { supplierRef: result.supplierRef, reference: o.reference }),
      'success',
    );
    expectOutcome(
      await s.glad.query('data', { supplierRef: null, reference: o.reference }),
      'success',
    );
    // The same reference again is the same order: nothing more taken.
    const repeat = await s.glad.buyData(o);
    expectOutcome(repeat, 'success');
    expect(repeat.supplierRef).toBe(result.supplierRef);
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
  });

  it('0000: failed, the float unchanged', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('0000');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'failed');
    expect(result.insufficientFloat).toBeUndefined();
    expect(await s.books.floatKobo('GLAD')).toBe(before);
    expectOutcome(
      await s.glad.query('data', { supplierRef: null, reference: o.reference }),
      'failed',
    );
    expect(await s.books.floatKobo('GLAD')).toBe(before);
  });

  it('1111: pending with the amount held, then re-query → success', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('1111');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'pending');
    expect(result.supplierRef).toMatch(/^\d+$/);
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    const requery = { supplierRef: result.supplierRef, reference: o.reference };
    expectOutcome(await s.glad.query('data', requery), 'success');
    expectOutcome(await s.glad.query('data', requery), 'success');
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
  });

  it('2222: pending, then re-query → failed and the float restored once', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('2222');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'pending');
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    const requery = { supplierRef: result.supplierRef, reference: o.reference };
    expectOutcome(await s.glad.query('data', requery), 'failed');
    expectOutcome(await s.glad.query('data', requery), 'failed');
    expect(await s.books.floatKobo('GLAD')).toBe(before);
  });

  it('5555: every answer names another number (the books keep ours); 8888 takes twice the price', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('5555');
    const result = await s.glad.buyData(o);
    expectOutcome(result, 'success');
    expect(result.answered?.phone).not.toBe(o.phone);
    expect(result.answered?.phone?.slice(-4)).toBe('5555');
    const again = await s.glad.query('data', { supplierRef: null, reference: o.reference });
    expect(again.answered?.phone).toBe(result.answered?.phone);
    expect((await s.books.findOrder('GLAD', 'data', o.reference))!.request.mobile_number).toBe(
      o.phone,
    );
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);

    const greedy = await s.glad.buyData(next('8888'));
    expectOutcome(greedy, 'success');
    const { balanceBeforeKobo, balanceAfterKobo } = greedy.answered!;
    expect(balanceBeforeKobo! - balanceAfterKobo!).toBe(2 * plan.costKobo);
    expect(await s.books.floatKobo('GLAD')).toBe(before - 3 * plan.costKobo);
  });

  it('6666: success, then reversed on re-query (the float back), then refunded', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('6666');
    expectOutcome(await s.glad.buyData(o), 'success');
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    const requery = { supplierRef: null, reference: o.reference };
    const reversed = await s.glad.query('data', requery);
    expectOutcome(reversed, 'reversed');
    expect(JSON.parse(reversed.raw)).toMatchObject({ Status: 'reversed' });
    expect(await s.books.floatKobo('GLAD')).toBe(before);
    const refunded = await s.glad.query('data', requery);
    expectOutcome(refunded, 'reversed');
    expect(JSON.parse(refunded.raw)).toMatchObject({ Status: 'refunded' });
    expect(await s.books.floatKobo('GLAD')).toBe(before);
  });

  it('7777: delivered, but answered 400 "Request ID exists"; the re-query says successful', async () => {
    const before = await s.books.floatKobo('GLAD');
    const o = next('7777');
    const result = await s.glad.buyData(o);
    expect(result).toMatchObject({ outcome: 'pending', duplicateRequest: true });
    expect(await s.books.floatKobo('GLAD')).toBe(before - plan.costKobo);
    expectOutcome(
      await s.glad.query('data', { supplierRef: null, reference: o.reference }),
      'success',
    );
  });

  it('an exhausted float: failed with insufficientFloat, float unchanged, nothing stored', async () => {
    const small = await serve({ GLAD: plan.costKobo - 1, ALARO: 0 });
    const o = next('5678');
    const result = await small.glad.buyData(o);
    expect(result).toMatchObject({ outcome: 'failed', insufficientFloat: true });
    expect(result.message).toMatch(/^Dear Customer, your balance is insufficient/);
    expect(await small.books.floatKobo('GLAD')).toBe(plan.costKobo - 1);
    expect(await small.books.findOrder('GLAD', 'data', o.reference)).toBeNull();
    // A failing number takes nothing, so it still goes through on what is left.
    const failing = await small.glad.buyData(next('0000'));
    expectOutcome(failing, 'failed');
    expect(failing.insufficientFloat).toBeUndefined();
    expect(await small.books.floatKobo('GLAD')).toBe(plan.costKobo - 1);
  });
});
