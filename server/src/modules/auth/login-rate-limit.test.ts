import { eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loginThrottles } from '../../db/schema/index.ts';
import { deleteStaleLoginThrottles } from './login-throttle.ts';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_IP_RATE_LIMIT: '4', LOGIN_RATE_LIMIT: '10' });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/v1/auth/login, limits per client address', () => {
  it('stops one address guessing across many login names', async () => {
    const user = await createUser(t.ctx);
    const statuses: number[] = [];
    for (const name of ['a_user', 'b_user', 'c_user', 'd_user', 'e_user']) {
      statuses.push(
        (
          await t
            .request()
            .post('/api/v1/auth/login')
            .send({ userName: name, password: 'wrong-one' })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const blocked = await t
      .request()
      .post('/api/v1/auth/login')
      .send({ userName: user.userName, password: user.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/v1/auth/login, limits per account across all addresses', () => {
  let a: TestApp;
  beforeAll(async () => {
    // Behind a proxy, so each request can come from an address of its own (X-Forwarded-For).
    a = await createTestApp({
      TRUST_PROXY: 'true',
      LOGIN_ACCOUNT_LIMIT: '3',
      LOGIN_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await a?.close();
  });

  let address = 0;
  /** A login from an address no earlier request used. */
  const attempt = (userName: string, password: string, app = a.app) =>
    supertest(app)
      .post('/api/v1/auth/login')
      .set('x-forwarded-for', `198.51.100.${(address += 1) % 250}`)
      .send({ userName, password });
  const fail = (userName: string, app = a.app) => attempt(userName, 'wrong-password', app);

  const throttleOf = async (key: string) => {
    const [row] = await a.ctx.db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
    return row;
  };
  /** As if the account's current delay had just run out (its failures still recent). */
  const delayPasses = (key: string) =>
    a.ctx.db
      .update(loginThrottles)
      .set({
        blockedUntil: sql`now() - interval '1 second'`,
        lastFailureAt: sql`now() - interval '1 second'`,
      })
      .where(eq(loginThrottles.key, key));

  it('answers 429 with Retry-After once an account has failed LOGIN_ACCOUNT_LIMIT times from any addresses', async () => {
    const user = await createUser(a.ctx);
    for (let i = 0; i < 3; i += 1) expect((await fail(user.userName)).status).toBe(401);

    const blocked = await attempt(user.userName, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      msg: 'Too many failed attempts for this account. Please try again in 30 seconds.',
      code: 'RATE_LIMITED',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);
    // By e-mail it is the same account.
    expect((await attempt(user.email, user.password)).status).toBe(429);
  });

  it('doubles the delay with each failure after it, from 30 s up to 15 minutes', async () => {
    const user = await createUser(a.ctx);
    const key = `user:${user.id}`;
    for (let i = 0; i < 3; i += 1) await fail(user.userName);
    const waits = [Number((await attempt(user.userName, user.password)).headers['retry-after'])];
    for (let i = 0; i < 6; i += 1) {
      await delayPasses(key);
      expect((await fail(user.userName)).status).toBe(401);
      waits.push(Number((await attempt(user.userName, user.password)).headers['retry-after']));
    }
    expect(waits.map((w) => Math.round(w / 10) * 10)).toEqual([30, 60, 120, 240, 480, 900, 900]);
    const refused = await attempt(user.userName, user.password);
    expect(refused.body.msg).toBe(
      'Too many failed attempts for this account. Please try again in 15 minutes.',
    );
  });

  it('does not stretch the delay for attempts made during it, and lets the owner in after it', async () => {
    const user = await createUser(a.ctx);
    const key = `user:${user.id}`;
    for (let i = 0; i < 3; i += 1) await fail(user.userName);
    const until = (await throttleOf(key))!.blockedUntil!.getTime();

    for (let i = 0; i < 5; i += 1) expect((await fail(user.userName)).status).toBe(429);
    expect((await throttleOf(key))!.blockedUntil!.getTime()).toBe(until);

    await delayPasses(key);
    const owner = await attempt(user.userName, user.password);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
    // The count starts over: the next mistakes are plain 401s again.
    expect(await throttleOf(key)).toBeUndefined();
    for (let i = 0; i < 2; i += 1) expect((await fail(user.userName)).status).toBe(401);
    expect((await attempt(user.userName, user.password)).status).toBe(200);
  });

  it('starts over for an account quiet for the window since its last failure and delay', async () => {
    const user = await createUser(a.ctx);
    const key = `user:${user.id}`;
    for (let i = 0; i < 3; i += 1) await fail(user.userName);
    await a.ctx.db
      .update(loginThrottles)
      .set({
        blockedUntil: sql`now() - interval '16 minutes'`,
        lastFailureAt: sql`now() - interval '16 minutes'`,
      })
      .where(eq(loginThrottles.key, key));

    expect((await fail(user.userName)).status).toBe(401);
    expect(await throttleOf(key)).toMatchObject({ failures: 1, strikes: 0, blockedUntil: null });
  });

  it('answers a name no account has exactly as an account', async () => {
    const user = await createUser(a.ctx);
    const nobody = `nobody_${Math.random().toString(36).slice(2, 10)}`;
    for (let i = 0; i < 3; i += 1) {
      await fail(nobody);
      await fail(user.userName);
    }
    const [unknown, known] = [await fail(nobody), await fail(user.userName)];
    expect(unknown.status).toBe(429);
    expect(unknown.body).toEqual(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
  });

  it('holds across two app instances on one database', async () => {
    const user = await createUser(a.ctx);
    const second = createApp({ ...a.ctx });
    expect((await fail(user.userName, a.app)).status).toBe(401);
    expect((await fail(user.userName, second)).status).toBe(401);
    expect((await fail(user.userName, a.app)).status).toBe(401);

    expect((await attempt(user.userName, user.password, second)).status).toBe(429);
  });

  it('deletes the counts of accounts gone quiet (the reconciler loop)', async () => {
    const user = await createUser(a.ctx);
    await fail(user.userName);
    const key = `user:${user.id}`;
    await a.ctx.db
      .update(loginThrottles)
      .set({ lastFailureAt: sql`now() - interval '1 hour'` })
      .where(eq(loginThrottles.key, key));

    expect(
      await deleteStaleLoginThrottles(a.ctx.db, { windowSeconds: 900, limit: 1000 }),
    ).toBeGreaterThanOrEqual(1);
    expect(await throttleOf(key)).toBeUndefined();
  });
});
