import { describe, expect, it } from 'vitest';
import { MAX_SANDBOX_TOPUP_KOBO, type PlaceOrderResult } from './sandbox-store.ts';
import {
  implementations,
  order,
  placed,
  seq,
  useSandboxBooks,
} from './sandbox-books.test-helpers.ts';

/**
 * The contract of SandboxBooks (sandbox-books.ts): the same cases against the database books
 * (the app) and the memory books (the benchmark's supplier process), so both keep the same rules.
 */

useSandboxBooks();

describe.each(implementations)('SandboxBooks contract: $name', ({ open }) => {
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
