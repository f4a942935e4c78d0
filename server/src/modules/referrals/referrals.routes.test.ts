import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
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

describe('PATCH /api/v1/auth/user/:id (reseller upgrade) and referrals', () => {
  it('changes only the tier, charges ₦1,000 once and pays the referrer ₦500 once', async () => {
    const referrer = await createUser(t.ctx);
    const reg = await t
      .request()
      .post('/api/v1/auth/register')
      .send({
        userName: `ref_${Date.now().toString(36)}`,
        email: `ref_${Date.now().toString(36)}@example.test`,
        phoneNumber: `070${String(Date.now()).slice(-8)}`,
        password: 'Secret#123',
        passwordCheck: 'Secret#123',
        referredBy: referrer.userName,
      });
    const me = { id: reg.body.user._id as string, token: reg.body.token as string };
    const admin = await createUser(t.ctx, { isAdmin: true });
    await t
      .request()
      .post('/api/v1/auth/transferFund')
      .set('x-auth-token', admin.token)
      .send({ userName: reg.body.user.userName, amount: 1500 });

    const wrongTier = await t
      .request()
      .patch(`/api/v1/auth/user/${me.id}`)
      .set('x-auth-token', me.token)
      .send({ userType: 'api user' });
    expect(wrongTier.status).toBe(400);
    // Extra fields ride along with the upgrade: only the tier changes.
    const upgraded = await t
      .request()
      .patch(`/api/v1/auth/user/${me.id}`)
      .set('x-auth-token', me.token)
      .send({
        userType: 'reseller',
        balance: 1e9,
        isAdmin: true,
        isAgent: true,
        isCouponVendor: true,
        referredBy: null,
        tokenVersion: 99,
      });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.user).toMatchObject({
      userType: 'reseller',
      balance: 500,
      isAdmin: false,
      isAgent: false,
      isCouponVendor: false,
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      userType: 'reseller',
      isAdmin: false,
      isAgent: false,
      isCouponVendor: false,
      referredById: expect.any(String),
      tokenVersion: 0,
    });
    const again = await t
      .request()
      .patch(`/api/v1/auth/user/${me.id}`)
      .set('x-auth-token', me.token)
      .send({ userType: 'reseller' });
    expect(again.status).toBe(409);
    expect(await balance(me)).toBe(500_00);
    expect(await balance(referrer, 'earnings')).toBe(500_00);

    const summary = await t
      .request()
      .get('/api/v1/auth/referral')
      .set('x-auth-token', referrer.token);
    expect(summary.body).toMatchObject({
      earningBalance: 500,
      totalReferred: 1,
      totalEarned: 500,
      withdrawn: 0,
    });
    expect(summary.body.referralList).toEqual([
      { userName: reg.body.user.userName, amountEarned: 500 },
    ]);

    const moved = await t
      .request()
      .post('/api/v1/auth/withdrawEarning')
      .set('x-auth-token', referrer.token)
      .send({});
    expect(moved.body).toMatchObject({ balance: 500, earningBalance: 0 });
    const after = await t
      .request()
      .get('/api/v1/auth/referral')
      .set('x-auth-token', referrer.token);
    expect(after.body).toMatchObject({ earningBalance: 0, totalEarned: 500, withdrawn: 500 });
    expect(
      (
        await t
          .request()
          .post('/api/v1/auth/withdrawEarning')
          .set('x-auth-token', referrer.token)
          .send({})
      ).status,
    ).toBe(400);
    await expectCleanLedger();
  });

  it("refuses without ₦1,000, and refuses someone else's id", async () => {
    const poor = await createUser(t.ctx, { balanceKobo: 999_99 });
    const res = await t
      .request()
      .patch(`/api/v1/auth/user/${poor.id}`)
      .set('x-auth-token', poor.token)
      .send({ userType: 'reseller' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Insufficient balance');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, poor.id));
    expect(row!.userType).toBe('smart earner');
    const other = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    expect(
      (
        await t
          .request()
          .patch(`/api/v1/auth/user/${other.id}`)
          .set('x-auth-token', poor.token)
          .send({ userType: 'reseller' })
      ).status,
    ).toBe(403);
    await expectCleanLedger();
  });
});
