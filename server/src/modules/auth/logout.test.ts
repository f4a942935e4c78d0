import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type express from 'express';
import jwt from 'jsonwebtoken';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../app.ts';
import { revokedTokens, users } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/helpers/tcp-proxy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = async (user: TestUser, app: express.Express = t.app): Promise<string> => {
  const res = await supertest(app)
    .post('/api/v1/auth/login')
    .send({ userName: user.userName, password: user.password });
  expect(res.status).toBe(200);
  return res.body.token as string;
};
const profile = (token: string, app: express.Express = t.app) =>
  supertest(app).get('/api/v1/auth').set('x-auth-token', token);
const logout = (token: string | undefined, app: express.Express = t.app) => {
  const req = supertest(app).post('/api/v1/auth/logout');
  return token === undefined ? req : req.set('x-auth-token', token);
};
const isValid = async (token: string) =>
  (await t.request().post('/api/v1/auth/isTokenValid').set('x-auth-token', token)).body;

describe('POST /api/v1/auth/logout', () => {
  it('stops the token it was sent with at once, and only that one', async () => {
    const user = await createUser(t.ctx);
    const phone = await login(user);
    const laptop = await login(user);
    expect((await profile(phone)).status).toBe(200);

    const res = await logout(phone);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ msg: 'You have been logged out' });

    const after = await profile(phone);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHENTICATED');
    expect(await isValid(phone)).toEqual({ valid: false });
    expect((await logout(phone)).status).toBe(401);
    // Another session of the same account stays signed in.
    expect((await profile(laptop)).status).toBe(200);
    expect(await isValid(laptop)).toEqual({ valid: true });
  });

  it('holds in every app process: the revocation is in the database, until the token expires', async () => {
    const user = await createUser(t.ctx);
    const other = createApp({ ...t.ctx });
    const token = await login(user, other);
    expect((await profile(token, t.app)).status).toBe(200);

    expect((await logout(token, other)).status).toBe(200);

    expect((await profile(token, t.app)).status).toBe(401);
    const { jti, exp } = jwt.decode(token) as { jti: string; exp: number };
    const [row] = await t.ctx.db.select().from(revokedTokens).where(eq(revokedTokens.jti, jti));
    expect(row).toMatchObject({ userId: user.id });
    expect(row!.expiresAt.getTime()).toBe(exp * 1000);
  });

  it('deletes revocations of tokens that have expired anyway', async () => {
    const user = await createUser(t.ctx);
    const stale = randomUUID();
    await t.ctx.db
      .insert(revokedTokens)
      .values({ jti: stale, userId: user.id, expiresAt: sql`now() - interval '1 minute'` });

    expect((await logout(await login(user))).status).toBe(200);

    expect(await t.ctx.db.select().from(revokedTokens).where(eq(revokedTokens.jti, stale))).toEqual(
      [],
    );
  });

  it('signs out a token issued before tokens had an id by ending that account’s sessions', async () => {
    const user = await createUser(t.ctx);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    const legacy = jwt.sign({ v: row!.tokenVersion }, t.ctx.jwtSecret, {
      subject: user.id,
      expiresIn: 600,
      algorithm: 'HS256',
    });
    expect((await profile(legacy)).status).toBe(200);

    expect((await logout(legacy)).status).toBe(200);

    expect((await profile(legacy)).status).toBe(401);
    expect((await profile(user.token)).status).toBe(401);
    expect((await profile(await login(user))).status).toBe(200);
  });

  it('needs a session: none is 401, an API token 403, a forged id 401', async () => {
    const user = await createUser(t.ctx);
    expect((await logout(undefined)).status).toBe(401);
    const created = await t
      .request()
      .post('/api/v1/auth/apiTokens')
      .set('x-auth-token', user.token)
      .send({ name: 'shop' });
    expect(created.status).toBe(201);
    const api = await logout(created.body.token as string);
    expect(api.status).toBe(403);
    expect(api.body.msg).toBe('API tokens cannot be used here; sign in');

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    const badId = jwt.sign({ v: row!.tokenVersion, jti: 'not-a-uuid' }, t.ctx.jwtSecret, {
      subject: user.id,
      expiresIn: 600,
      algorithm: 'HS256',
    });
    expect((await profile(badId)).status).toBe(401);
  });
});

/**
 * The database away while a request checks whether its token was signed out: a 503 the client
 * retries, never a 401 that would sign it out. PostgreSQL only (a connection to cut).
 */
const template = inject('dbTemplate');
describe.skipIf(template.kind !== 'pg')('the revocation check during a database outage', () => {
  let proxy: TcpProxy;
  let p: TestApp;
  beforeAll(async () => {
    if (template.kind !== 'pg') return;
    const server = new URL(template.adminUrl);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    p = await createTestApp({}, { databasePort: proxy.port });
  });
  afterAll(async () => {
    proxy?.accept();
    await p?.close();
    await proxy?.close();
  });

  it('answers 503 with Retry-After, not 401, and the session works again after', async () => {
    const user = await createUser(p.ctx);
    expect((await profile(user.token, p.app)).status).toBe(200);
    proxy.refuse();
    proxy.cut();
    try {
      const during = await profile(user.token, p.app);
      expect(during.status).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.body.code).toBe('SERVICE_UNAVAILABLE');
      const check = await supertest(p.app)
        .post('/api/v1/auth/isTokenValid')
        .set('x-auth-token', user.token);
      expect(check.status).toBe(503);
      expect((await logout(user.token, p.app)).status).toBe(503);
    } finally {
      proxy.accept();
    }
    await expect
      .poll(async () => (await profile(user.token, p.app)).status, { timeout: 15_000 })
      .toBe(200);
  });
});
