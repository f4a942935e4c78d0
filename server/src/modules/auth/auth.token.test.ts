import { eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { users } from '../../db/schema/index.ts';
import {
  expectNoSecrets,
  profile,
  t,
  unsignedToken,
  useAuthTestApp,
  userRow,
} from './auth.test-helpers.ts';

useAuthTestApp();

describe('POST /api/v1/auth/isTokenValid', () => {
  it('answers valid: true for a live token', async () => {
    const user = await createUser(t.ctx);
    const res = await t.request().post('/api/v1/auth/isTokenValid').set('x-auth-token', user.token);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true });
  });

  it('answers 200 valid: false, never 401, for a missing, garbage, forged, expired or revoked token', async () => {
    const user = await createUser(t.ctx);
    const forged = jwt.sign({ v: 0 }, 'another-secret-another-secret-0123456789', {
      subject: user.id,
      expiresIn: 600,
    });
    const expired = jwt.sign({ v: 0 }, t.ctx.jwtSecret, { subject: user.id, expiresIn: -10 });
    const revoker = await createUser(t.ctx);
    await t.request().post('/api/v1/auth/changepassword').set('x-auth-token', revoker.token).send({
      oldPassword: revoker.password,
      newPassword: 'Newpass#1',
      newPasswordCheck: 'Newpass#1',
    });

    for (const token of [undefined, 'garbage', forged, expired, revoker.token]) {
      const req = t.request().post('/api/v1/auth/isTokenValid');
      const res = await (token === undefined ? req : req.set('x-auth-token', token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: false });
    }
  });
});

describe('GET /api/v1/auth', () => {
  it('answers the profile, tier-priced plans, transactions and flags, without a token field', async () => {
    const user = await createUser(t.ctx, { userType: 'reseller', isCouponVendor: true });
    const res = await profile(user.token);

    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect(res.body.user).toMatchObject({
      _id: user.id,
      userName: user.userName,
      userType: 'reseller',
    });
    expect(res.body).toMatchObject({ isAdmin: false, isCouponVendor: true });
    const plan = res.body.subscriptionPlans.MTN[0];
    expect(plan.plan_amount).toBe(plan.resellerPrice);
    expectNoSecrets(res.body, [(await userRow(user.id)).passwordHash, user.password]);
  });

  it('shows only the last four digits of a NIN or BVN', async () => {
    const user = await createUser(t.ctx);
    await t.ctx.db
      .update(users)
      .set({ ninLast4: '8901', bvnLast4: '4321' })
      .where(eq(users.id, user.id));
    const res = await profile(user.token);

    expect(res.status).toBe(200);
    expect(res.body.user.nin).toBe('*******8901');
    expect(res.body.user.bvn).toBe('*******4321');
    expectNoSecrets(res.body, [(await userRow(user.id)).passwordHash]);
  });

  it.each([
    ['no token', () => undefined],
    ['a garbage token', () => 'not.a.jwt'],
    [
      'a token signed with another secret',
      (id: string) =>
        jwt.sign({ v: 0 }, 'another-secret-another-secret-0123456789', {
          subject: id,
          expiresIn: 600,
        }),
    ],
    [
      'an expired token',
      (id: string) => jwt.sign({ v: 0 }, t.ctx.jwtSecret, { subject: id, expiresIn: -10 }),
    ],
    [
      'an unsigned (alg none) token',
      (id: string) =>
        unsignedToken({
          sub: id,
          v: 0,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 600,
        }),
    ],
    [
      'a token with a wrong version',
      (id: string) => jwt.sign({ v: 7 }, t.ctx.jwtSecret, { subject: id, expiresIn: 600 }),
    ],
    [
      'a token for a user who does not exist',
      () =>
        jwt.sign({ v: 0 }, t.ctx.jwtSecret, {
          subject: '00000000-0000-4000-8000-00000000dead',
          expiresIn: 600,
        }),
    ],
    [
      'a token without a version',
      (id: string) => jwt.sign({}, t.ctx.jwtSecret, { subject: id, expiresIn: 600 }),
    ],
  ])('answers 401 for %s', async (_case, makeToken: (id: string) => string | undefined) => {
    const user = await createUser(t.ctx);
    const token = makeToken(user.id);
    const req = t.request().get('/api/v1/auth');
    const res = await (token === undefined ? req : req.set('x-auth-token', token));

    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect(typeof res.body.msg).toBe('string');
  });
});
