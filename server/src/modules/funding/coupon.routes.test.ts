import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const balance = (user: { id: string }, wallet: 'main' | 'earnings' = 'main') =>
  getWalletBalanceKobo(t.ctx.db, user.id, wallet);
const expectCleanLedger = async () => expect(await t.ledgerViolations()).toEqual([]);
const post = (path: string, user: TestUser, body: unknown) =>
  t
    .request()
    .post(path)
    .set('x-auth-token', user.token)
    .send(body as object);

describe('coupons', () => {
  it('are issued by admins from the house, by coupon vendors from their own wallet, by nobody else', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const vendor = await createUser(t.ctx, { isCouponVendor: true, balanceKobo: 1_000_00 });
    const user = await createUser(t.ctx);
    const fromAdmin = await post('/api/v1/admin/generateCoupon', admin, {
      userAccount: user.userName,
      amount: 500,
    });
    expect(fromAdmin.status).toBe(201);
    expect(fromAdmin.body.couponCode).toMatch(/^[0-9A-F-]{14}$/);
    const fromVendor = await post('/api/v1/admin/generateCoupon', vendor, {
      userAccount: user.userName,
      amount: 300,
    });
    expect(fromVendor.status).toBe(201);
    expect(await balance(vendor)).toBe(700_00);
    const tooMuch = await post('/api/v1/admin/generateCoupon', vendor, {
      userAccount: user.userName,
      amount: 800,
    });
    expect(tooMuch.body.msg).toBe('Insufficient balance');
    expect(
      (
        await post('/api/v1/admin/generateCoupon', user, {
          userAccount: user.userName,
          amount: 100,
        })
      ).status,
    ).toBe(403);
    expect((await post('/api/v1/admin/generateCoupon', admin, { amount: 100 })).body.msg).toBe(
      'All fields are required',
    );
    await expectCleanLedger();
  });

  it('credit once when redeemed 30 times at once, and only to their owner', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const owner = await createUser(t.ctx);
    const thief = await createUser(t.ctx);
    const { couponCode } = (
      await post('/api/v1/admin/generateCoupon', admin, {
        userAccount: owner.userName,
        amount: 750,
      })
    ).body;
    const stolen = await post('/api/v1/fundWallet/coupon', thief, {
      userName: thief.userName,
      coupon: couponCode,
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.msg).toBe('Invalid or used coupon code');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post('/api/v1/fundWallet/coupon', owner, { userName: owner.userName, coupon: couponCode }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body).toMatchObject({ amount: 750, balance: 750 });
    expect(await balance(owner)).toBe(750_00);
    expect(
      (await post('/api/v1/fundWallet/coupon', owner, { userName: owner.userName, coupon: '' }))
        .body.msg,
    ).toBe('Enter a coupon code');
    await expectCleanLedger();
  });
});
