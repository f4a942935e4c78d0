import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ZApiTokenCreatedResponse,
  ZApiTokenListResponse,
  ZApiTokenRevokedResponse,
} from '@vendo/shared/schemas/api-tokens.responses';
import { createApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REFUSED = 'API tokens cannot be used here; sign in';

const makeToken = async (user: TestUser, name = 'shop') => {
  const res = await t
    .request()
    .post('/api/v1/auth/apiTokens')
    .set('x-auth-token', user.token)
    .send({ name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ZApiTokenCreatedResponse.parse(res.body);
};

const listTokens = (user: TestUser) =>
  t.request().get('/api/v1/auth/apiTokens').set('x-auth-token', user.token);

describe('POST/GET/DELETE /api/v1/auth/apiTokens', () => {
  it('shows the secret once and keeps only its SHA-256', async () => {
    const user = await createUser(t.ctx);
    const created = await makeToken(user, 'My shop');
    expect(created.token).toMatch(/^vendo_test_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({ name: 'My shop', lastUsedAt: null });

    const [row] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(11));

    const list = await listTokens(user);
    expect(list.status).toBe(200);
    expect(ZApiTokenListResponse.parse(list.body).apiTokens).toEqual([created.apiToken]);
    expect(list.text).not.toContain(created.token.slice(11));
    expect(list.text).not.toContain(row!.tokenHash);
  });

  it('refuses a blank, too long or repeated name and an 11th token, with messages', async () => {
    const user = await createUser(t.ctx);
    const post = (body: object) =>
      t.request().post('/api/v1/auth/apiTokens').set('x-auth-token', user.token).send(body);
    expect((await post({})).body).toMatchObject({ msg: 'Give the token a name' });
    expect((await post({ name: '   ' })).body.msg).toBe('Give the token a name');
    expect((await post({ name: 'x'.repeat(51) })).body.msg).toBe(
      'The name can be at most 50 characters',
    );
    await makeToken(user, 'x'.repeat(50));
    const twice = await post({ name: 'x'.repeat(50) });
    expect([twice.status, twice.body.msg]).toEqual([
      400,
      `You already have a token named "${'x'.repeat(50)}"`,
    ]);
    // Several at once cannot pass the cap of 10 together.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post({ name: `key ${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(9);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.msg).toBe(
      'You can hold at most 10 API tokens. Revoke one you no longer use first.',
    );
    expect(ZApiTokenListResponse.parse((await listTokens(user)).body).apiTokens).toHaveLength(10);
  });

  it('revokes only your own token; another user’s id is a 404', async () => {
    const owner = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const created = await makeToken(owner);
    const path = `/api/v1/auth/apiTokens/${created.apiToken.id}`;
    const stranger = await t.request().delete(path).set('x-auth-token', other.token);
    expect([stranger.status, stranger.body.msg]).toEqual([404, 'API token not found']);
    expect(
      (
        await t
          .request()
          .delete('/api/v1/auth/apiTokens/not-an-id')
          .set('x-auth-token', owner.token)
      ).status,
    ).toBe(404);
    const revoked = await t.request().delete(path).set('x-auth-token', owner.token);
    expect(revoked.status).toBe(200);
    expect(ZApiTokenRevokedResponse.parse(revoked.body).apiTokens).toEqual([]);
    expect((await t.request().delete(path).set('x-auth-token', owner.token)).status).toBe(404);
  });

  it('manages tokens only with the session, never with an API token', async () => {
    const user = await createUser(t.ctx);
    const { token, apiToken } = await makeToken(user);
    const attempts = [
      t.request().get('/api/v1/auth/apiTokens').set('x-auth-token', token),
      t.request().post('/api/v1/auth/apiTokens').set('x-auth-token', token).send({ name: 'b' }),
      t
        .request()
        .delete(`/api/v1/auth/apiTokens/${apiToken.id}`)
        .set('Authorization', `Token ${token}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([res.status, res.body.msg]).toEqual([403, REFUSED]);
    }
    expect(ZApiTokenListResponse.parse((await listTokens(user)).body).apiTokens).toHaveLength(1);
  });
});

describe('an API token on the API', () => {
  it('buys, reads the balance, plans and history, in x-auth-token or Authorization: Token', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00, userType: 'api user' });
    const { token } = await makeToken(user);
    const asHeader = (r: supertest.Test) => r.set('x-auth-token', token);
    const asAuthorization = (r: supertest.Test) => r.set('Authorization', `Token ${token}`);
    for (const sign of [asHeader, asAuthorization]) {
      const profile = await sign(t.request().get('/api/v1/auth'));
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      expect(profile.body.user.userName).toBe(user.userName);
      expect(profile.headers.ratelimit).toMatch(/^limit=120, remaining=\d+, reset=\d+$/);
      expect(profile.headers['ratelimit-policy']).toBe('120;w=60');

      const plans = await sign(t.request().post('/api/v1/prices')).send({ network: 1 });
      expect(plans.status).toBe(200);
      expect(plans.body.length).toBeGreaterThan(0);

      const bought = await sign(t.request().post('/api/v1/buy/data')).send({
        network: 1,
        mobile_number: '08031234567',
        plan: '2',
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const receipt = await sign(t.request().get(`/api/v1/transaction/${bought.body.receipt._id}`));
      expect(receipt.body.transaction.trans_Status).toBe('success');
      const history = await sign(t.request().get('/api/v1/transaction'));
      expect(history.status).toBe(200);
      expect(history.body.transactions[0]._id).toBe(bought.body.receipt._id);
    }
    // The api user's tier price (MTN 1 GB SME), twice.
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBeLessThan(2_000_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('is refused (403) on admin, password, e-mail, transfer, withdrawal and settings routes', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true, balanceKobo: 1_000_00 });
    const other = await createUser(t.ctx);
    const { token } = await makeToken(admin);
    const refusedRoutes: [string, string, object?][] = [
      ['get', '/api/v1/admin/'],
      ['get', '/api/v1/admin/users'],
      ['post', '/api/v1/admin/refund/00000000-0000-4000-8000-000000000000', {}],
      ['post', '/api/v1/admin/generateCoupon', { userAccount: other.userName, amount: 100 }],
      ['get', '/api/v1/dataPlan'],
      [
        'post',
        '/api/v1/auth/changepassword',
        { oldPassword: 'Secret#123', newPassword: 'N3w#Secret', newPasswordCheck: 'N3w#Secret' },
      ],
      ['post', '/api/v1/auth/updateKyc', { nin: '12345678901' }],
      ['post', '/api/v1/auth/transferFund', { userName: other.userName, amount: 100 }],
      [
        'post',
        '/api/v1/withdraw',
        { bankName: 'GTBank', accountNumber: '0123456789', amount: 500 },
      ],
      ['post', '/api/v1/fundWallet/squad/initiate', { amount: 500, email: 'a@b.test' }],
      ['get', '/api/v1/auth/contact'],
      ['patch', `/api/v1/auth/user/${admin.id}`, { userType: 'reseller' }],
    ];
    for (const [method, path, body] of refusedRoutes) {
      const req = t.request()[method as 'get'](path).set('x-auth-token', token);
      const res = body ? await req.send(body) : await req;
      expect([res.status, res.body.msg], `${method} ${path}`).toEqual([403, REFUSED]);
    }
    expect(await getWalletBalanceKobo(t.ctx.db, admin.id)).toBe(1_000_00);
    expect(await getWalletBalanceKobo(t.ctx.db, other.id)).toBe(0);
  });

  it('carries no staff powers: an admin’s token sees only the admin’s own history', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const customer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const bought = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', customer.token)
      .send({ network: 1, mobile_number: '08031234567', amount: 100 });
    expect(bought.status).toBe(200);
    const { token } = await makeToken(admin);
    const receipt = await t
      .request()
      .get(`/api/v1/transaction/${bought.body.receipt._id}`)
      .set('x-auth-token', token);
    expect(receipt.status).toBe(404);
    const bySession = await t
      .request()
      .get(`/api/v1/transaction/${bought.body.receipt._id}`)
      .set('x-auth-token', admin.token);
    expect(bySession.status).toBe(200);
  });

  it('answers 401 for an unknown or malformed token, and for a revoked one at once in every process', async () => {
    const user = await createUser(t.ctx);
    const { token, apiToken } = await makeToken(user);
    const template = inject('dbTemplate');
    // Another server process: its own app and, on PostgreSQL, its own connection pool.
    const other =
      template.kind === 'pg'
        ? openPostgres(databaseUrlFor(template.adminUrl, t.databaseName))
        : null;
    const otherApp = createApp({ ...t.ctx, db: other?.db ?? t.ctx.db });
    try {
      const there = () => supertest(otherApp).get('/api/v1/auth').set('x-auth-token', token);
      expect((await there()).status).toBe(200);
      for (const bad of [`vendo_test_${'A'.repeat(43)}`, 'vendo_live_short', `${token}x`]) {
        const res = await t.request().get('/api/v1/auth').set('Authorization', `Token ${bad}`);
        expect([res.status, res.body.msg]).toEqual([
          401,
          'This API token is not valid or has been revoked',
        ]);
      }
      await t
        .request()
        .delete(`/api/v1/auth/apiTokens/${apiToken.id}`)
        .set('x-auth-token', user.token)
        .expect(200);
      const after = await there();
      expect([after.status, after.body.msg]).toEqual([
        401,
        'This API token is not valid or has been revoked',
      ]);
      // The session itself still works.
      expect((await t.request().get('/api/v1/auth').set('x-auth-token', user.token)).status).toBe(
        200,
      );
    } finally {
      await other?.close();
    }
  });

  it('notes its last use, writing at most once a minute', async () => {
    const user = await createUser(t.ctx);
    const { token, apiToken } = await makeToken(user);
    const lastUsed = async () =>
      (await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id)))[0]!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await t.request().get('/api/v1/auth').set('x-auth-token', token).expect(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await t.request().get('/api/v1/transaction').set('x-auth-token', token).expect(200);
    expect(await lastUsed()).toEqual(first);
    const listed = ZApiTokenListResponse.parse((await listTokens(user)).body).apiTokens;
    expect(listed[0]!.lastUsedAt).toBe(first!.toISOString());
    // A minute later the next use is written again.
    await t.ctx.db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiTokens.id, apiToken.id));
    await t.request().get('/api/v1/auth').set('x-auth-token', token).expect(200);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});
