import { describe, expect, it } from 'vitest';
import {
  implementations,
  order,
  placed,
  plan,
  useSandboxBooks,
} from './sandbox-books.test-helpers.ts';

/**
 * The contract of SandboxBooks (sandbox-books.ts): the same cases against the database books
 * (the app) and the memory books (the benchmark's supplier process), so both keep the same rules.
 */

useSandboxBooks();

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
});
