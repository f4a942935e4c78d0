import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query.ts';
import { users } from '../../db/schema/index.ts';
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

describe('GET /api/v1/auth/validateUser/:userName', () => {
  it('answers the account name, never the e-mail, and 404 for nobody', async () => {
    const me = await createUser(t.ctx);
    const other = await createUser(t.ctx, { fullName: 'Ada Stores' });
    const found = await t
      .request()
      .get(`/api/v1/auth/validateUser/${other.userName.toUpperCase()}`)
      .set('x-auth-token', me.token);
    expect(found.status).toBe(200);
    expect(found.body.name).toBe('Ada Stores');
    expect(JSON.stringify(found.body)).not.toContain(other.email);
    const missing = await t
      .request()
      .get('/api/v1/auth/validateUser/nobody_here')
      .set('x-auth-token', me.token);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('User not found');
  });
});

describe('POST /api/v1/auth/transferFund', () => {
  it('moves money between wallets with a history line on each side', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const b = await createUser(t.ctx);
    const res = await post('/api/v1/auth/transferFund', a, { userName: b.userName, amount: 250.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Transfer successful', balance: 749.5 });
    expect(res.body.receipt).toMatchObject({
      trans_Type: 'transfer',
      trans_amount: 250.5,
      balance_Before: 1000,
      balance_After: 749.5,
    });
    expect(await balance(b)).toBe(250_50);
    const history = await t.request().get('/api/v1/auth').set('x-auth-token', b.token);
    expect(history.body.transactions[0]).toMatchObject({
      trans_Type: 'transfer',
      trans_amount: 250.5,
      balance_After: 250.5,
    });
    await expectCleanLedger();
  });

  it.each([
    [{ amount: 100 }, 'Enter a username'],
    [{ userName: '', amount: 100 }, 'Enter a username'],
    [{ userName: 'x', amount: 0 }, 'Enter a valid amount'],
    [{ userName: 'x', amount: -5 }, 'Enter a valid amount'],
    [{ userName: 'x', amount: 1.005 }, 'Enter a valid amount'],
    [{ userName: 'x', amount: 'lots' }, 'Enter a valid amount'],
  ])('refuses %j with "%s"', async (body, msg) => {
    const a = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const res = await post('/api/v1/auth/transferFund', a, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
    expect(await balance(a)).toBe(1_000_00);
  });

  it('refuses oneself, an unknown user and more than the balance', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 100_00 });
    const b = await createUser(t.ctx);
    expect(
      (await post('/api/v1/auth/transferFund', a, { userName: a.userName, amount: 10 })).body.msg,
    ).toBe('You cannot transfer to yourself');
    expect(
      (await post('/api/v1/auth/transferFund', a, { userName: 'nobody_here', amount: 10 })).status,
    ).toBe(404);
    const broke = await post('/api/v1/auth/transferFund', a, {
      userName: b.userName,
      amount: 100.01,
    });
    expect(broke.status).toBe(400);
    expect(broke.body.msg).toBe('Insufficient balance');
    expect(await balance(a)).toBe(100_00);
  });

  it('lets an admin send from the house account, not limited by their own balance', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const b = await createUser(t.ctx);
    const res = await post('/api/v1/auth/transferFund', admin, {
      userName: b.userName,
      amount: 5000,
    });
    expect(res.status).toBe(200);
    expect(await balance(b)).toBe(5_000_00);
    expect(await balance(admin)).toBe(0);
    await expectCleanLedger();
  });

  it('conserves money when A→B and B→A race 500 times', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 300_00 });
    const b = await createUser(t.ctx, { balanceKobo: 300_00 });
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        i % 2 === 0
          ? post('/api/v1/auth/transferFund', a, { userName: b.userName, amount: 7 })
          : post('/api/v1/auth/transferFund', b, { userName: a.userName, amount: 7 }),
      ),
    );
    expect(
      answers.every(
        (r) => r.status === 200 || (r.status === 400 && r.body.msg === 'Insufficient balance'),
      ),
    ).toBe(true);
    expect((await balance(a)) + (await balance(b))).toBe(600_00);
    expect(await balance(a)).toBeGreaterThanOrEqual(0);
    expect(await balance(b)).toBeGreaterThanOrEqual(0);
    await expectCleanLedger();
  }, 120_000);

  it('sends once for a repeated Idempotency-Key', async () => {
    const a = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const b = await createUser(t.ctx);
    const send = () =>
      t
        .request()
        .post('/api/v1/auth/transferFund')
        .set('x-auth-token', a.token)
        .set('Idempotency-Key', `trf-${a.id}`)
        .send({ userName: b.userName, amount: 100 });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await balance(b)).toBe(100_00);
  });
});

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

describe('POST /api/v1/auth/updateKyc', () => {
  it('keeps only the last four digits readable and never answers the number', async () => {
    const me = await createUser(t.ctx);
    const res = await post('/api/v1/auth/updateKyc', me, { nin: '12345678901' });
    expect(res.status).toBe(200);
    expect(res.body.user.nin).toBe('*******8901');
    expect(JSON.stringify(res.body)).not.toContain('12345678901');
    const [row] = await queryRows<Record<string, unknown>>(
      t.ctx.db,
      sql`select * from users where id = ${me.id}`,
    );
    expect(JSON.stringify(row)).not.toContain('12345678901');
    expect((await post('/api/v1/auth/updateKyc', me, { bvn: '123' })).body.msg).toBe(
      'Enter an 11-digit BVN',
    );
    expect((await post('/api/v1/auth/updateKyc', me, { nin: 'abcdefghijk' })).status).toBe(400);
  });
});
