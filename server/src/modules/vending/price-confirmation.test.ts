import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPlans, transactions } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';

/**
 * The price the buyer confirmed: a purchase that sends `expectedAmount` (the charge its screen
 * showed) buys only at that charge; an admin's price change in between answers 409
 * PRICE_CHANGED with the current charge and charges nothing. Without it, the current price.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** MTN 1GB SME, plan id '2': ₦600 for smart earners, ₦580 for resellers (seed data). */
const PLAN_ID = '2';

const post = (
  user: TestUser,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.request().post(`/api/v1/buy/${path}`).set('x-auth-token', user.token).set(headers).send(body);

const buyData = (user: TestUser, extra: Record<string, unknown> = {}, key?: string) =>
  post(
    user,
    'data',
    { network: 1, mobile_number: '08031234567', plan: PLAN_ID, ...extra },
    key ? { 'Idempotency-Key': key } : {},
  );

/**
 * An admin sets the plan's smart earner price (this plan alone: the price page's per-GB update
 * would rescale the whole type).
 */
const setSmartEarnerPrice = async (naira: number) => {
  const moved = await t.ctx.db
    .update(dataPlans)
    .set({ smartEarnerPriceKobo: naira * 100 })
    .where(and(eq(dataPlans.network, 'MTN'), eq(dataPlans.planId, PLAN_ID)))
    .returning({ id: dataPlans.id });
  expect(moved).toHaveLength(1);
};

const purchasesOf = (user: TestUser) =>
  t.ctx.db.select().from(transactions).where(eq(transactions.userId, user.id));

/** Nothing moved: the wallet as it was, no receipt, and the ledger whole. */
const expectNothingCharged = async (user: TestUser, balanceKobo: number) => {
  expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(balanceKobo);
  expect(await purchasesOf(user)).toEqual([]);
  expect(await t.ledgerViolations()).toEqual([]);
};

describe('POST /api/v1/buy/data with expectedAmount', () => {
  it('buys when the expected charge is the charge, compared exactly in kobo', async () => {
    await setSmartEarnerPrice(600);
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const res = await buyData(user, { expectedAmount: '600.00' });
    expect(res.status).toBe(200);
    expect(res.body.receipt.trans_amount).toBe(600);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(4_400_00);

    // One kobo off is another price.
    const other = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const off = await buyData(other, { expectedAmount: 599.99 });
    expect(off.status).toBe(409);
    expect(off.body.currentAmount).toBe(600);
    await expectNothingCharged(other, 5_000_00);
  });

  it('refuses with 409 PRICE_CHANGED and the current price after an admin raised it, charging nothing', async () => {
    await setSmartEarnerPrice(600);
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    // The confirm dialog showed ₦600; the admin raises the plan before "Buy now".
    await setSmartEarnerPrice(750);
    const res = await buyData(user, { expectedAmount: 600 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      msg: 'The price changed from ₦600.00 to ₦750.00. Confirm the new price to buy.',
      code: 'PRICE_CHANGED',
      currentAmount: 750,
    });
    await expectNothingCharged(user, 5_000_00);

    // Confirming the new price buys at it.
    const again = await buyData(user, { expectedAmount: res.body.currentAmount });
    expect(again.status).toBe(200);
    expect(again.body.receipt.trans_amount).toBe(750);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(4_250_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('buys at the current price when no expectedAmount is sent (the original client, API users)', async () => {
    await setSmartEarnerPrice(800);
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const res = await buyData(user);
    expect(res.status).toBe(200);
    expect(res.body.receipt.trans_amount).toBe(800);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(4_200_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it("compares with the charge for the caller's tier", async () => {
    await setSmartEarnerPrice(600);
    const reseller = await createUser(t.ctx, { balanceKobo: 5_000_00, userType: 'reseller' });
    // The smart earner price is not what a reseller is charged.
    const wrong = await buyData(reseller, { expectedAmount: 600 });
    expect(wrong.status).toBe(409);
    expect(wrong.body.currentAmount).toBe(580);
    await expectNothingCharged(reseller, 5_000_00);
    const right = await buyData(reseller, { expectedAmount: 580 });
    expect(right.status).toBe(200);
    expect(right.body.receipt.trans_amount).toBe(580);
  });

  it('stores the 409 for its Idempotency-Key: the same request replays it, a new expectedAmount needs a new key', async () => {
    await setSmartEarnerPrice(650);
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const key = randomUUID();
    const first = await buyData(user, { expectedAmount: 600 }, key);
    expect(first.status).toBe(409);
    expect(first.body.code).toBe('PRICE_CHANGED');

    const replay = await buyData(user, { expectedAmount: 600 }, key);
    expect(replay.status).toBe(409);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);

    // Confirming the new price is another request: under the same key it is refused …
    const sameKey = await buyData(user, { expectedAmount: 650 }, key);
    expect(sameKey.status).toBe(422);
    expect(sameKey.body.code).toBe('IDEMPOTENCY_MISMATCH');
    await expectNothingCharged(user, 5_000_00);

    // … and under a new key it buys, once.
    const confirmed = await buyData(user, { expectedAmount: 650 }, randomUUID());
    expect(confirmed.status).toBe(200);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(4_350_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it.each([['abc'], [-1], [1.234], ['']])(
    'refuses an expectedAmount that is no naira amount (%j) with 400',
    async (expectedAmount) => {
      const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
      const res = await buyData(user, { expectedAmount });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        msg: 'Enter a valid expected amount',
        code: 'VALIDATION_ERROR',
      });
      await expectNothingCharged(user, 5_000_00);
    },
  );
});

describe('POST /api/v1/buy/airtime with expectedAmount', () => {
  const buyAirtime = (user: TestUser, extra: Record<string, unknown> = {}) =>
    post(user, 'airtime', { network: 2, mobile_number: '08051234567', amount: 500, ...extra });

  it('buys when it is the charge (99% of ₦500 for a smart earner)', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await buyAirtime(user, { expectedAmount: 495 });
    expect(res.status).toBe(200);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(505_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('refuses another charge with 409 and the current one, charging nothing', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    // What a reseller's screen would show (98%), sent by a smart earner.
    const res = await buyAirtime(user, { expectedAmount: 490 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PRICE_CHANGED', currentAmount: 495 });
    await expectNothingCharged(user, 1_000_00);
  });

  it('buys at the current charge without expectedAmount', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await buyAirtime(user);
    expect(res.status).toBe(200);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(505_00);
  });
});

describe('POST /api/v1/buy/electricity with expectedAmount', () => {
  const buyElectricity = (user: TestUser, extra: Record<string, unknown> = {}) =>
    post(user, 'electricity', {
      meterNumber: '45012345678',
      meterId: 18,
      meterType: 'prepaid',
      amount: 5000,
      ...extra,
    });

  it('buys when it is the charge (the amount + ₦50)', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const res = await buyElectricity(user, { expectedAmount: 5050 });
    expect(res.status).toBe(200);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(4_950_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('refuses another charge with 409 and the current one, charging nothing', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const res = await buyElectricity(user, { expectedAmount: 5000 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      msg: 'The price changed from ₦5,000.00 to ₦5,050.00. Confirm the new price to buy.',
      code: 'PRICE_CHANGED',
      currentAmount: 5050,
    });
    await expectNothingCharged(user, 10_000_00);
  });

  it('buys at the current charge without expectedAmount', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const res = await buyElectricity(user);
    expect(res.status).toBe(200);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(4_950_00);
  });
});
