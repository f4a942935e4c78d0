import { sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createApp } from '../../app.ts';
import { rateLimits } from '../../db/schema/index.ts';
import {
  PLAN_KEYS,
  expectNoSecrets,
  login,
  profile,
  signupForm,
  t,
  useAuthTestApp,
  userRow,
} from './auth.test-helpers.ts';

useAuthTestApp();

describe('POST /api/v1/auth/login', () => {
  it('signs in by user name and answers user, token, plans, transactions and flags', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 250_050 });
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: user.password });

    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      _id: user.id,
      userName: user.userName,
      balance: 2500.5,
      userType: 'smart earner',
    });
    expect(res.body.user.lastLogin).not.toBeNull();
    expect(Object.keys(res.body.subscriptionPlans).sort()).toEqual([...PLAN_KEYS].sort());
    expect(Array.isArray(res.body.transactions)).toBe(true);
    expect(res.body).toMatchObject({ isAdmin: false, isCouponVendor: false });
    expect(res.headers['cache-control']).toBe('no-store');
    expectNoSecrets(res.body, [(await userRow(user.id)).passwordHash, user.password]);
    expect((await profile(res.body.token)).status).toBe(200);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('signs in by user name in another case', async () => {
    const user = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName.toUpperCase(), password: user.password });

    expect(res.status).toBe(200);
    expect(res.body.user._id).toBe(user.id);
  });

  it('signs in by e-mail, in any case', async () => {
    const user = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: ` ${user.email.toUpperCase()} `, password: user.password });

    expect(res.status).toBe(200);
    expect(res.body.user._id).toBe(user.id);
  });

  it('signs in by business name when one account has it', async () => {
    const fullName = `Ada Data Hub ${Math.random().toString(36).slice(2, 8)}`;
    const user = await createUser(t.ctx, { fullName });
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: fullName.toLowerCase(), password: user.password });

    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: user.id, fullName });
  });

  it('refuses a business name that two accounts share', async () => {
    const fullName = `Shared Name ${Math.random().toString(36).slice(2, 8)}`;
    const user = await createUser(t.ctx, { fullName });
    await createUser(t.ctx, { fullName, password: user.password });
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: fullName, password: user.password });

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ msg: 'Invalid login details', code: 'INVALID_CREDENTIALS' });
  });

  it('answers the same 401 for a wrong password and for an unknown user', async () => {
    const user = await createUser(t.ctx);
    const wrong = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: 'not-the-password' });
    const unknown = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: 'no_such_user_here', password: user.password });

    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ msg: 'Invalid login details', code: 'INVALID_CREDENTIALS' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect((await userRow(user.id)).lastLogin).toBeNull();
  });

  it.each([
    ['both fields are missing', {}],
    ['the password is missing', { userName: 'someone' }],
    ['the user name is missing', { password: 'Secret#123' }],
    ['the user name is blank', { userName: '   ', password: 'Secret#123' }],
    ['the password is empty', { userName: 'someone', password: '' }],
    ['a field is not a string', { userName: 12345, password: 'Secret#123' }],
  ])('answers 400 All field are required when %s', async (_case, body) => {
    const res = await t.request().post('/api/v1/auth/login').send(body);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'All field are required', code: 'VALIDATION_ERROR' });
  });

  it('answers 400, never 500, to a malformed JSON body or a body that is not JSON', async () => {
    const malformed = await t
      .request()
      .post('/api/v1/auth/login')
      .set('content-type', 'application/json')
      .send('{"userName": "ada", "password": ');
    const text = await t
      .request()
      .post('/api/v1/auth/login')
      .set('content-type', 'text/plain')
      .send('userName=ada');
    const array = await t.request().post('/api/v1/auth/register').send([signupForm()]);

    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_ERROR');
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ msg: 'All field are required', code: 'VALIDATION_ERROR' });
    expect(array.status).toBe(400);
  });

  it.each([
    [
      'an unsupported charset',
      { 'content-type': 'application/json; charset=latin1' },
      '{"userName":"ada","password":"x"}',
    ],
    [
      'an unknown content encoding',
      { 'content-type': 'application/json', 'content-encoding': 'foo' },
      '{"userName":"ada","password":"x"}',
    ],
    [
      'a gzip body that is not gzip',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      'not gzip at all',
    ],
  ])('answers 4xx, never 500, to a body with %s', async (_case, headers, body) => {
    const res = await t.request().post('/api/v1/auth/login').set(headers).send(body);

    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).not.toBe('INTERNAL');
  });

  it('answers 4xx, never 500, to a login name with a NUL byte', async () => {
    const res = await login('ada\u0000lovelace', 'Secret#123');

    expect([400, 401]).toContain(res.status);
  });

  it('does not let in a different password that shares the first 72 bytes', async () => {
    // 36 × 'é' is 36 characters but 72 bytes of UTF-8: bcrypt looks no further.
    const prefix = 'é'.repeat(36);
    const form = signupForm({ password: `${prefix}A`, passwordCheck: `${prefix}A` });
    await t.request().post('/api/v1/auth/register').send(form);

    const res = await login(form.userName, `${prefix}B`);

    expect(res.status).toBe(401);
  });

  it('issues a token that carries only the user id, a version, its own id and its times', async () => {
    const user = await createUser(t.ctx);
    const res = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: user.password });

    const claims = jwt.verify(res.body.token, t.ctx.jwtSecret) as jwt.JwtPayload;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'jti', 'sub', 'v']);
    expect(claims.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(claims.sub).toBe(user.id);
    expect(claims.exp! - claims.iat!).toBe(t.ctx.config.jwtTtlSeconds);
  });
});

describe('login rate limit', () => {
  const fail = (userName: string, app = t.app) => login(userName, 'wrong-password', app);

  it('answers 429 RATE_LIMITED after LOGIN_RATE_LIMIT failures, even with the right password', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < 3; i += 1) expect((await fail(user.userName)).status).toBe(401);

    const blocked = await login(user.userName, user.password);

    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(typeof blocked.body.msg).toBe('string');
  });

  it('counts one login name in any case, and not other names from the same address', async () => {
    const user = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    await fail(user.userName);
    await fail(user.userName.toUpperCase());
    await fail(` ${user.userName.toLowerCase()} `);

    expect((await login(user.userName.toUpperCase(), user.password)).status).toBe(429);
    expect((await login(other.userName, other.password)).status).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const user = await createUser(t.ctx);
    await fail(user.userName);
    await fail(user.userName);
    expect((await login(user.userName, user.password)).status).toBe(200);

    for (let i = 0; i < 3; i += 1) expect((await fail(user.userName)).status).toBe(401);
    expect((await fail(user.userName)).status).toBe(429);
  });

  it('lets the name in again once the window has passed', async () => {
    const user = await createUser(t.ctx);
    for (let i = 0; i < 4; i += 1) await fail(user.userName);
    expect((await login(user.userName, user.password)).status).toBe(429);

    await t.ctx.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '1 hour'` })
      .where(sql`${rateLimits.key} like ${`login:%:${user.userName.toLowerCase()}`}`);

    expect((await login(user.userName, user.password)).status).toBe(200);
  });

  it('holds across two app instances on one database', async () => {
    const user = await createUser(t.ctx);
    const second = createApp({ ...t.ctx });

    expect((await fail(user.userName, t.app)).status).toBe(401);
    expect((await fail(user.userName, second)).status).toBe(401);
    expect((await fail(user.userName, t.app)).status).toBe(401);

    expect((await login(user.userName, user.password, second)).status).toBe(429);
    expect((await login(user.userName, user.password, t.app)).status).toBe(429);
  });
});
