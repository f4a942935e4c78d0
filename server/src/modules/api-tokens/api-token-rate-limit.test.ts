import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_TOKEN_RATE_LIMIT: '3', API_TOKEN_RATE_WINDOW_SECONDS: '2' });
});
afterAll(async () => {
  await t?.close();
});

const tokenOf = async (user: TestUser) => {
  const res = await t
    .request()
    .post('/api/v1/auth/apiTokens')
    .set('x-auth-token', user.token)
    .send({ name: 'shop' });
  return res.body.token as string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limits per API token', () => {
  it('counts down in the RateLimit headers, trips with 429 and Retry-After, and resets after the window', async () => {
    const user = await createUser(t.ctx);
    const token = await tokenOf(user);
    const call = () => t.request().get('/api/v1/transaction').set('x-auth-token', token);
    // Start at the beginning of a window so all four calls fall inside it.
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await call());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((a) => /remaining=(\d+)/.exec(a.headers.ratelimit ?? '')?.[1])).toEqual([
      '2',
      '1',
      '0',
      '0',
    ]);
    for (const a of answers) {
      expect(a.headers['ratelimit-policy']).toBe('3;w=2');
      expect(a.headers.ratelimit).toMatch(/^limit=3, remaining=\d, reset=[12]$/);
    }
    const tripped = answers[3]!;
    expect(tripped.body.code).toBe('RATE_LIMITED');
    expect(tripped.body.msg).toMatch(
      /^Too many requests with this API token\. Try again in [12] seconds\.$/,
    );
    expect(['1', '2']).toContain(tripped.headers['retry-after']);

    // The session of the same user is not limited by its token's count.
    expect(
      (await t.request().get('/api/v1/transaction').set('x-auth-token', user.token)).status,
    ).toBe(200);
    // Another token of another user has its own count.
    const stranger = await tokenOf(await createUser(t.ctx));
    expect((await t.request().get('/api/v1/auth').set('x-auth-token', stranger)).status).toBe(200);

    await sleep(Number(tripped.headers['retry-after']) * 1000 + 100);
    const again = await call();
    expect(again.status).toBe(200);
    expect(again.headers.ratelimit).toMatch(/^limit=3, remaining=2, reset=[12]$/);
  });

  it('holds across server processes on one database', async () => {
    const user = await createUser(t.ctx);
    const token = await tokenOf(user);
    const template = inject('dbTemplate');
    const other =
      template.kind === 'pg'
        ? openPostgres(databaseUrlFor(template.adminUrl, t.databaseName))
        : null;
    const otherApp = createApp({ ...t.ctx, db: other?.db ?? t.ctx.db });
    try {
      const here = () => t.request().get('/api/v1/auth').set('x-auth-token', token);
      const there = () => supertest(otherApp).get('/api/v1/auth').set('x-auth-token', token);
      const statuses = [];
      for (const call of [here, there, here, there]) statuses.push((await call()).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // At the same time, 10 more across both processes: none gets through this window.
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? here : there)()),
      );
      expect(burst.every((r) => r.status === 429)).toBe(true);
    } finally {
      await other?.close();
    }
  });

  it('counts a token’s refused requests too, before telling it to sign in', async () => {
    const user = await createUser(t.ctx);
    const token = await tokenOf(user);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await t.request().get('/api/v1/auth/contact').set('x-auth-token', token)).status,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});
