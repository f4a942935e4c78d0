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

describe('GET /admin/coupons', () => {
  it('lists every coupon for admins, only their own for a coupon vendor, nothing for users', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const vendor = await createUser(t.ctx, { isCouponVendor: true, balanceKobo: 1_000_00 });
    const owner = await createUser(t.ctx);
    const byAdmin = await post('/api/v1/admin/generateCoupon', admin, {
      userAccount: owner.userName,
      amount: 150,
    });
    const byVendor = await post('/api/v1/admin/generateCoupon', vendor, {
      userAccount: owner.userName,
      amount: 250,
    });
    await post('/api/v1/fundWallet/coupon', owner, {
      userName: owner.userName,
      coupon: byVendor.body.couponCode,
    });
    const list = (user: TestUser, query = '') =>
      t.request().get(`/api/v1/admin/coupons${query}`).set('x-auth-token', user.token);

    const mine = await list(vendor);
    expect(mine.status).toBe(200);
    expect(mine.body.coupons).toEqual([
      expect.objectContaining({
        couponCode: byVendor.body.couponCode,
        userName: owner.userName,
        amount: 250,
        status: 'redeemed',
        issuedBy: vendor.userName,
        redeemedAt: expect.any(String),
      }),
    ]);
    const all = await list(admin);
    const codes = all.body.coupons.map((c: { couponCode: string }) => c.couponCode);
    expect(codes).toEqual(
      expect.arrayContaining([byAdmin.body.couponCode, byVendor.body.couponCode]),
    );
    expect(
      all.body.coupons.find((c: { couponCode: string }) => c.couponCode === byAdmin.body.couponCode)
        .status,
    ).toBe('active');
    expect((await list(owner)).status).toBe(403);
    expect((await list(admin, '?page=0')).status).toBe(400);
  });
});
