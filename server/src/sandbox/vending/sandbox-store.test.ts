import type { TSupplier } from '@vendo/shared/constants';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { sandboxSupplierFloats, sandboxSupplierOrders } from '../../db/schema/index.ts';
import {
  placeSandboxOrder,
  sandboxFloatKobo,
  topUpSandboxFloat,
  type NewSandboxOrder,
  type PlaceOrderResult,
  type SandboxOrderKind,
  type SandboxOrderStatus,
} from './sandbox-store.ts';

/**
 * The sandbox suppliers' books under concurrent orders, straight at the store on the real
 * database: each order is its own transaction, and the float moves by exactly what each stored
 * order holds, never below 0, once per request_id.
 */

let database: Database;
let db: Database['db'];
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

let seq = 0;
const requestId = (tag: string) => `${tag}-${++seq}-${Date.now()}`;

const setFloat = async (supplier: TSupplier, balanceKobo: number) => {
  await db
    .update(sandboxSupplierFloats)
    .set({ balanceKobo })
    .where(eq(sandboxSupplierFloats.supplier, supplier));
  expect(await sandboxFloatKobo(db, supplier)).toBe(balanceKobo);
};

const order = (overrides: Partial<NewSandboxOrder> = {}): NewSandboxOrder => ({
  supplier: 'GLAD',
  kind: 'airtime',
  requestId: requestId('ORDER'),
  request: { mobile_number: '08030005678' },
  amountKobo: 1000,
  status: 'successful',
  ...overrides,
});

/** What an order holds of the float: its amount, or nothing when it failed. */
const takes = (o: NewSandboxOrder) => (o.status === 'failed' ? 0 : o.amountKobo);

const placed = (result: PlaceOrderResult) => {
  expect(result.kind).toBe('placed');
  return result as Extract<PlaceOrderResult, { kind: 'placed' }>;
};

/** The rows stored for these request ids. */
const storedOrders = (supplier: TSupplier, requestIds: string[]) =>
  db
    .select()
    .from(sandboxSupplierOrders)
    .where(
      and(
        eq(sandboxSupplierOrders.supplier, supplier),
        inArray(sandboxSupplierOrders.requestId, requestIds),
      ),
    );

/** Σ amount of the orders that hold float (successful or processing), per supplier. */
const held = async (supplier: TSupplier) => {
  const [row] = await db
    .select({ kobo: sql<string>`coalesce(sum(${sandboxSupplierOrders.amountKobo}), 0)` })
    .from(sandboxSupplierOrders)
    .where(
      sql`${sandboxSupplierOrders.supplier} = ${supplier} and ${sandboxSupplierOrders.status} in ('successful', 'processing')`,
    );
  return Number(row!.kobo);
};

/**
 * The placed orders' before/after balances of one supplier tell one story: the orders that took
 * something, sorted from the highest balance down, tile [final, initial] without gap or overlap
 * (each starts where the previous ended), and the ones that took nothing sit inside it.
 */
const expectConsistentBalances = (
  results: { order: NewSandboxOrder; result: Extract<PlaceOrderResult, { kind: 'placed' }> }[],
  initial: number,
  final: number,
) => {
  for (const { order: o, result } of results) {
    expect(result.balanceBeforeKobo - result.balanceAfterKobo).toBe(takes(o));
    expect(result.balanceAfterKobo).toBeGreaterThanOrEqual(final);
    expect(result.balanceBeforeKobo).toBeLessThanOrEqual(initial);
  }
  const taking = results
    .filter(({ order: o }) => takes(o) > 0)
    .map(({ result }) => result)
    .sort((a, b) => b.balanceBeforeKobo - a.balanceBeforeKobo);
  const afters = taking.map((r) => r.balanceAfterKobo);
  expect(new Set(afters).size).toBe(afters.length);
  if (taking.length === 0) {
    expect(final).toBe(initial);
    return;
  }
  expect(taking[0]!.balanceBeforeKobo).toBe(initial);
  for (let i = 1; i < taking.length; i += 1) {
    expect(taking[i]!.balanceBeforeKobo).toBe(taking[i - 1]!.balanceAfterKobo);
  }
  expect(taking.at(-1)!.balanceAfterKobo).toBe(final);
};

describe('placeSandboxOrder under concurrent orders', () => {
  it('places 30 concurrent orders with distinct request ids, taking exactly their sum from each float', async () => {
    const initial = { GLAD: 3_000_000, ALARO: 2_000_000 } as const;
    await setFloat('GLAD', initial.GLAD);
    await setFloat('ALARO', initial.ALARO);
    const heldBefore = { GLAD: await held('GLAD'), ALARO: await held('ALARO') };
    const kinds: SandboxOrderKind[] = ['airtime', 'data', 'electricity'];
    const statuses: SandboxOrderStatus[] = ['successful', 'processing', 'failed', 'successful'];
    const orders = Array.from({ length: 30 }, (_, i) =>
      order({
        supplier: i % 3 === 2 ? 'ALARO' : 'GLAD',
        kind: kinds[i % kinds.length]!,
        status: statuses[i % statuses.length]!,
        amountKobo: 1_000 + i * 137,
        request: { n: i },
      }),
    );

    const results = await Promise.all(orders.map((o) => placeSandboxOrder(db, o)));

    expect(results.map((r) => r.kind)).toEqual(orders.map(() => 'placed'));
    const pairs = orders.map((o, i) => ({ order: o, result: placed(results[i]!) }));
    for (const { order: o, result } of pairs) {
      expect(result.order).toMatchObject({
        supplier: o.supplier,
        kind: o.kind,
        requestId: o.requestId,
        request: o.request,
        status: o.status,
        amountKobo: o.amountKobo,
      });
      // A delivered electricity order comes with its token; nothing else has one.
      if (o.kind === 'electricity' && o.status === 'successful') {
        expect(result.order.token).toMatch(/^\d{20}$/);
      } else {
        expect(result.order.token).toBeNull();
      }
    }
    // Every caller got its own order.
    expect(new Set(pairs.map((p) => p.result.order.id)).size).toBe(30);

    for (const supplier of ['GLAD', 'ALARO'] as const) {
      const mine = pairs.filter((p) => p.order.supplier === supplier);
      const taken = mine.reduce((sum, p) => sum + takes(p.order), 0);
      expect(taken).toBeGreaterThan(0);
      const final = await sandboxFloatKobo(db, supplier);
      expect(final).toBe(initial[supplier] - taken);
      expect(await held(supplier)).toBe(heldBefore[supplier] + taken);
      expectConsistentBalances(mine, initial[supplier], final);
      const stored = await storedOrders(
        supplier,
        mine.map((p) => p.order.requestId!),
      );
      expect(stored.map((s) => s.id).sort((a, b) => a - b)).toEqual(
        mine.map((p) => p.result.order.id).sort((a, b) => a - b),
      );
    }
  });

  it('places exactly what a short float covers and answers insufficient for the rest, never going below 0', async () => {
    const amount = 2_500;
    const float = amount * 7 + 123;
    await setFloat('GLAD', float);
    const orders = Array.from({ length: 20 }, () => order({ amountKobo: amount }));

    const results = await Promise.all(orders.map((o) => placeSandboxOrder(db, o)));

    const covered = Math.floor(float / amount);
    const placedOnes = results.flatMap((r, i) =>
      r.kind === 'placed' ? [{ order: orders[i]!, result: r }] : [],
    );
    const insufficient = results.flatMap((r) => (r.kind === 'insufficient' ? [r] : []));
    expect(placedOnes).toHaveLength(covered);
    expect(insufficient).toHaveLength(orders.length - covered);
    const final = await sandboxFloatKobo(db, 'GLAD');
    expect(final).toBe(float - covered * amount);
    expect(final).toBeGreaterThanOrEqual(0);
    expectConsistentBalances(placedOnes, float, final);
    for (const r of insufficient) {
      expect(r.balanceKobo).toBeLessThan(amount);
      expect(r.balanceKobo).toBeGreaterThanOrEqual(0);
    }
    // Nothing was stored for the orders refused.
    const stored = await storedOrders(
      'GLAD',
      orders.map((o) => o.requestId!),
    );
    expect(stored.map((s) => s.requestId).sort()).toEqual(
      placedOnes.map((p) => p.order.requestId).sort(),
    );

    // An order that fails at the supplier takes nothing, so it is placed even on what is left.
    const failed = placed(
      await placeSandboxOrder(db, order({ amountKobo: amount * 10, status: 'failed' })),
    );
    expect(failed).toMatchObject({ balanceBeforeKobo: final, balanceAfterKobo: final });
    expect(await sandboxFloatKobo(db, 'GLAD')).toBe(final);
  });

  it('places concurrent repeats of one request_id once, answering the others with that order', async () => {
    await setFloat('GLAD', 1_000_000);
    const same = order({ amountKobo: 4_321, kind: 'data' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => placeSandboxOrder(db, { ...same })),
    );

    expect(results.filter((r) => r.kind === 'placed')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'duplicate')).toHaveLength(9);
    const first = placed(results.find((r) => r.kind === 'placed')!);
    expect(first.balanceBeforeKobo).toBe(1_000_000);
    expect(first.balanceAfterKobo).toBe(1_000_000 - 4_321);
    expect(first.order).toMatchObject({ requestId: same.requestId, amountKobo: 4_321 });
    for (const r of results.filter((r) => r.kind === 'duplicate')) {
      expect(r).toEqual({ kind: 'duplicate', order: first.order });
    }
    expect(await storedOrders('GLAD', [same.requestId!])).toHaveLength(1);
    expect(await sandboxFloatKobo(db, 'GLAD')).toBe(1_000_000 - 4_321);

    // The same request_id for another kind or another supplier is another order.
    const otherKind = await placeSandboxOrder(db, { ...same, kind: 'airtime' });
    const otherSupplier = await placeSandboxOrder(db, { ...same, supplier: 'ALARO' });
    expect(placed(otherKind).order.id).not.toBe(first.order.id);
    expect(placed(otherSupplier).order.supplier).toBe('ALARO');
    expect(await sandboxFloatKobo(db, 'GLAD')).toBe(1_000_000 - 2 * 4_321);
  });

  it('answers a repeat of an earlier order as a duplicate while concurrent new orders are placed', async () => {
    await setFloat('GLAD', 500_000);
    const earlier = placed(await placeSandboxOrder(db, order({ amountKobo: 10_000 })));
    expect(await sandboxFloatKobo(db, 'GLAD')).toBe(490_000);

    const fresh = Array.from({ length: 8 }, (_, i) => order({ amountKobo: 1_000 + i }));
    const repeat: NewSandboxOrder = {
      ...order({ amountKobo: 99_999 }),
      requestId: earlier.order.requestId,
    };
    const together = [...fresh.slice(0, 4), repeat, ...fresh.slice(4)];
    const results = await Promise.all(together.map((o) => placeSandboxOrder(db, o)));

    const repeatResult = results[together.indexOf(repeat)]!;
    expect(repeatResult).toEqual({ kind: 'duplicate', order: earlier.order });
    const placedOnes = together.flatMap((o, i) =>
      o === repeat ? [] : [{ order: o, result: placed(results[i]!) }],
    );
    const taken = fresh.reduce((sum, o) => sum + o.amountKobo, 0);
    const final = await sandboxFloatKobo(db, 'GLAD');
    expect(final).toBe(490_000 - taken);
    expectConsistentBalances(placedOnes, 490_000, final);
    // The earlier order is untouched.
    const [stored] = await storedOrders('GLAD', [earlier.order.requestId!]);
    expect(stored).toEqual(earlier.order);
  });

  it('places concurrent orders without request ids, each on its own', async () => {
    await setFloat('ALARO', 400_000);
    const before = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxSupplierOrders)
      .where(
        and(eq(sandboxSupplierOrders.supplier, 'ALARO'), isNull(sandboxSupplierOrders.requestId)),
      );
    const orders = Array.from({ length: 12 }, (_, i) =>
      order({
        supplier: 'ALARO',
        requestId: null,
        amountKobo: 5_000 + i * 11,
        status: i === 3 ? 'failed' : 'successful',
      }),
    );

    const results = await Promise.all(orders.map((o) => placeSandboxOrder(db, o)));

    const pairs = orders.map((o, i) => ({ order: o, result: placed(results[i]!) }));
    for (const { order: o, result } of pairs) {
      expect(result.order).toMatchObject({
        requestId: null,
        amountKobo: o.amountKobo,
        status: o.status,
      });
    }
    expect(new Set(pairs.map((p) => p.result.order.id)).size).toBe(orders.length);
    const after = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxSupplierOrders)
      .where(
        and(eq(sandboxSupplierOrders.supplier, 'ALARO'), isNull(sandboxSupplierOrders.requestId)),
      );
    expect(after[0]!.n - before[0]!.n).toBe(orders.length);
    const taken = orders.reduce((sum, o) => sum + takes(o), 0);
    const final = await sandboxFloatKobo(db, 'ALARO');
    expect(final).toBe(400_000 - taken);
    expectConsistentBalances(pairs, 400_000, final);

    // Without a request id a short float still refuses what it cannot cover.
    await setFloat('ALARO', 12_000);
    const short = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeSandboxOrder(db, order({ supplier: 'ALARO', requestId: null, amountKobo: 5_000 })),
      ),
    );
    expect(short.filter((r) => r.kind === 'placed')).toHaveLength(2);
    expect(short.filter((r) => r.kind === 'insufficient')).toHaveLength(3);
    expect(await sandboxFloatKobo(db, 'ALARO')).toBe(2_000);
  });

  it('a top-up adds to the float the next orders draw on', async () => {
    await setFloat('GLAD', 1_000);
    expect((await placeSandboxOrder(db, order({ amountKobo: 3_000 }))).kind).toBe('insufficient');
    expect(await topUpSandboxFloat(db, 'GLAD', 5_000)).toBe(6_000);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => placeSandboxOrder(db, order({ amountKobo: 3_000 }))),
    );
    expect(results.filter((r) => r.kind === 'placed')).toHaveLength(2);
    expect(results.filter((r) => r.kind === 'insufficient')).toHaveLength(1);
    expect(await sandboxFloatKobo(db, 'GLAD')).toBe(0);
  });
});
