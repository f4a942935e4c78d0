import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, transactions, users } from '../db/schema/index.ts';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency.repository.ts';
import { createLogger } from '../lib/logger.ts';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { getWalletBalanceKobo } from '../modules/ledger/ledger.service.ts';
import { errorHandler } from './error-handler.ts';
import { idempotent } from './idempotency.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const IN_PROGRESS = 'A request with this key is in progress';
const NOBODY = '00000000-0000-4000-8000-000000000000';

const post = (user: TestUser, path: string, body: object, headers: Record<string, string> = {}) =>
  t.request().post(path).set('x-auth-token', user.token).set(headers).send(body);

const buyData = (user: TestUser, body: Record<string, unknown>, headers = {}) =>
  post(
    user,
    '/api/v1/buy/data',
    { network: 1, mobile_number: '08031234567', plan: '2', ...body },
    headers,
  );

const keyRows = async (userId: string) =>
  t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

describe('Idempotency-Key on every route that moves money', () => {
  it('answers a repeat with the stored answer on each of them', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true, balanceKobo: 10_000_00 });
    const customer = await createUser(t.ctx, { balanceKobo: 10_000_00 });
    const broke = await createUser(t.ctx);
    const routes: [TestUser, 'post' | 'patch', string, object][] = [
      [
        customer,
        'post',
        '/api/v1/buy/data',
        { network: 1, mobile_number: '08031234567', plan: '2' },
      ],
      [
        customer,
        'post',
        '/api/v1/buy/airtime',
        { network: 1, mobile_number: '08031234567', amount: 100 },
      ],
      [
        customer,
        'post',
        '/api/v1/buy/electricity',
        { amount: 1000, meterId: 18, meterNumber: '1234567890', meterType: 'prepaid' },
      ],
      [customer, 'post', '/api/v1/auth/transferFund', { userName: broke.userName, amount: 100 }],
      [
        broke,
        'post',
        '/api/v1/withdraw',
        { bankCode: '000013', accountNumber: '0123456789', amount: 500 },
      ],
      [
        customer,
        'post',
        '/api/v1/fundWallet/coupon',
        { userName: customer.userName, coupon: 'NOPE' },
      ],
      [customer, 'post', '/api/v1/fundWallet/squad/initiate', { amount: 500, email: 'a@b.test' }],
      [broke, 'post', '/api/v1/auth/withdrawEarning', {}],
      [broke, 'patch', `/api/v1/auth/user/${broke.id}`, { userType: 'reseller' }],
      [
        admin,
        'post',
        '/api/v1/admin/generateCoupon',
        { userAccount: customer.userName, amount: 100 },
      ],
      [admin, 'post', `/api/v1/admin/refund/${NOBODY}`, {}],
      [admin, 'post', `/api/v1/admin/requery/${NOBODY}`, {}],
      [admin, 'post', `/api/v1/admin/requeryFunding/${NOBODY}`, {}],
      [admin, 'post', '/api/v1/admin/reQueryWithdrawal', { transactionId: 'nothing-here' }],
    ];
    const refusedPaths: string[] = [];
    for (const [user, method, path, body] of routes) {
      const key = `k-${randomUUID()}`;
      const agent = t.request();
      const send = () =>
        (method === 'post' ? agent.post(path) : agent.patch(path))
          .set('x-auth-token', user.token)
          .set('Idempotency-Key', key)
          .send(body);
      const first = await send();
      expect(first.status, `${path} ${JSON.stringify(first.body)}`).toBeLessThan(500);
      expect(first.headers['idempotent-replayed'], path).toBeUndefined();
      const again = await send();
      // A request validation refused did not spend its key: the repeat runs again.
      const refused = first.body.code === 'VALIDATION_ERROR';
      expect([again.status, again.headers['idempotent-replayed']], path).toEqual([
        first.status,
        refused ? undefined : 'true',
      ]);
      expect(again.body, path).toEqual(first.body);
      if (refused) refusedPaths.push(path);
    }
    expect(refusedPaths).toEqual(['/api/v1/fundWallet/coupon', '/api/v1/auth/withdrawEarning']);
    // Each moved money once: one data, one airtime, one electricity purchase and one transfer.
    expect(await getWalletBalanceKobo(t.ctx.db, customer.id)).toBe(
      10_000_00 - 600_00 - 99_00 - 1_050_00 - 100_00,
    );
    expect(await getWalletBalanceKobo(t.ctx.db, broke.id)).toBe(100_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('refuses the same key with another body or on another route (422), running nothing', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const other = await createUser(t.ctx);
    const key = { 'Idempotency-Key': `k-${randomUUID()}` };
    expect((await buyData(user, {}, key)).status).toBe(200);
    const otherBody = await buyData(user, { mobile_number: '08039999999' }, key);
    expect([otherBody.status, otherBody.body]).toEqual([
      422,
      { msg: 'This key was already used with a different request', code: 'IDEMPOTENCY_MISMATCH' },
    ]);
    const otherRoute = await post(
      user,
      '/api/v1/auth/transferFund',
      { userName: other.userName, amount: 100 },
      key,
    );
    expect(otherRoute.status).toBe(422);
    // The same body with its keys in another order is the same request.
    const reordered = await post(
      user,
      '/api/v1/buy/data',
      { plan: '2', mobile_number: '08031234567', network: 1 },
      key,
    );
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_400_00);
    expect(await getWalletBalanceKobo(t.ctx.db, other.id)).toBe(0);
  });

  it('runs one of several concurrent requests with a key; the others get 409 and run nothing', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const key = { 'Idempotency-Key': `k-${randomUUID()}` };
    // 3333: the supplier holds its answer past the adapter's timeout, so the first is still
    // running while the others arrive.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => buyData(user, { mobile_number: '08031233333' }, key)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toEqual({ msg: IN_PROGRESS, code: 'CONFLICT' });
    }
    const after = await buyData(user, { mobile_number: '08031233333' }, key);
    expect([after.status, after.headers['idempotent-replayed']]).toEqual([202, 'true']);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(4_400_00);
    const rows = await t.ctx.db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.filter((r) => r.type === 'data')).toHaveLength(1);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('refuses a malformed key with a 400 before anything runs', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const cases: [Record<string, unknown>, Record<string, string>, string][] = [
      [
        {},
        { 'Idempotency-Key': 'x'.repeat(256) },
        'Idempotency-Key must be 1 to 255 printable characters',
      ],
      [
        {},
        { 'Idempotency-Key': 'tab\there' },
        'Idempotency-Key must be 1 to 255 printable characters',
      ],
      [{ request_id: 42 }, {}, 'request_id must be 1 to 255 printable characters'],
      [{ request_id: '' }, {}, 'request_id must be 1 to 255 printable characters'],
      [
        { request_id: 'one' },
        { 'Idempotency-Key': 'two' },
        'Idempotency-Key and request_id must be the same when both are sent',
      ],
    ];
    for (const [body, headers, msg] of cases) {
      const res = await buyData(user, body, headers);
      expect([res.status, res.body.msg], msg).toEqual([400, msg]);
    }
    // 255 printable characters, spaces inside, are a good key.
    const longest = await buyData(user, {}, { 'Idempotency-Key': `a${' ~'.repeat(126)}z` });
    expect(longest.status).toBe(200);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_400_00);
  });
});

describe('request_id in the body', () => {
  it('has the same effect as the header, per user, and names the purchase in GET /transaction/{id}', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const other = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const agent = await createUser(t.ctx, { isAgent: true });
    const requestId = `order-${randomUUID()}`;
    const first = await buyData(user, { request_id: requestId });
    expect(first.status).toBe(200);
    expect(first.body.receipt.request_id).toBe(requestId);
    const again = await buyData(user, { request_id: requestId });
    expect([again.headers['idempotent-replayed'], again.body]).toEqual(['true', first.body]);
    // The header with the same value names the same request.
    const byHeader = await buyData(user, {}, { 'Idempotency-Key': requestId });
    expect(byHeader.headers['idempotent-replayed']).toBe('true');
    // Keys are per user: another user's request_id is their own.
    const theirs = await buyData(other, { request_id: requestId });
    expect([theirs.status, theirs.headers['idempotent-replayed']]).toEqual([200, undefined]);

    const found = await t
      .request()
      .get(`/api/v1/transaction/${encodeURIComponent(requestId)}`)
      .set('x-auth-token', user.token);
    expect(found.status).toBe(200);
    expect(found.body.transaction).toMatchObject({
      _id: first.body.receipt._id,
      request_id: requestId,
    });
    const byOurId = await t
      .request()
      .get(`/api/v1/transaction/${first.body.receipt._id}`)
      .set('x-auth-token', user.token);
    expect(byOurId.body.transaction.request_id).toBe(requestId);
    // Staff find anyone's (the newest with that request_id).
    const staff = await t
      .request()
      .get(`/api/v1/transaction/${encodeURIComponent(requestId)}`)
      .set('x-auth-token', agent.token);
    expect(staff.body.transaction._id).toBe(theirs.body.receipt._id);
    const nobody = await t
      .request()
      .get('/api/v1/transaction/no-such-request')
      .set('x-auth-token', user.token);
    expect([nobody.status, nobody.body.msg]).toEqual([404, 'Transaction not found']);

    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_400_00);
    expect(await getWalletBalanceKobo(t.ctx.db, other.id)).toBe(1_400_00);
  });

  it('finds a purchase whose request_id is a UUID, and hides it from other users', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const other = await createUser(t.ctx);
    const requestId = randomUUID();
    const bought = await post(user, '/api/v1/buy/airtime', {
      network: 1,
      mobile_number: '08031234567',
      amount: 100,
      request_id: requestId,
    });
    expect(bought.status).toBe(200);
    const get = (who: TestUser) =>
      t.request().get(`/api/v1/transaction/${requestId}`).set('x-auth-token', who.token);
    expect((await get(user)).body.transaction._id).toBe(bought.body.receipt._id);
    expect((await get(other)).status).toBe(404);
  });

  it('runs one of concurrent requests with the same request_id', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const body = { request_id: `r-${randomUUID()}`, mobile_number: '08031233333' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => buyData(user, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409]);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(4_400_00);
  });
});

describe('keeping and releasing keys', () => {
  it('frees the key after a 5xx so a retry runs, and keeps 2xx and 4xx answers', async () => {
    const user = await createUser(t.ctx);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    let runs = 0;
    const app = express();
    app.use(express.json());
    app.use((req, _res, next) => {
      req.user = row!;
      next();
    });
    app.post('/move', idempotent(t.ctx), (req, res) => {
      runs += 1;
      if (runs === 1) throw new Error('database went away');
      if ((req.body as { refuse?: boolean }).refuse) {
        res.status(400).json({ msg: 'refused', runs });
        return;
      }
      res.json({ runs });
    });
    app.use(errorHandler(createLogger('silent')));
    const send = (key: string, body: object = {}) =>
      supertest(app).post('/move').set('Idempotency-Key', key).send(body);

    expect((await send('a')).status).toBe(500);
    expect(await keyRows(user.id)).toHaveLength(0);
    const retried = await send('a');
    expect([retried.status, retried.body]).toEqual([200, { runs: 2 }]);
    const replayed = await send('a');
    expect([replayed.status, replayed.body, replayed.headers['idempotent-replayed']]).toEqual([
      200,
      { runs: 2 },
      'true',
    ]);
    const refused = await send('b', { refuse: true });
    expect((await send('b', { refuse: true })).body).toEqual(refused.body);
    expect(runs).toBe(3);
    const stored = await keyRows(user.id);
    expect(stored.map((k) => [k.key, k.responseStatus, k.route]).sort()).toEqual([
      ['a', 200, 'POST /move'],
      ['b', 400, 'POST /move'],
    ]);
  });

  it('does not spend a key on a request validation refused: the corrected request runs, once', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const other = await createUser(t.ctx);
    const cases: [string, Record<string, unknown>[], Record<string, unknown>][] = [
      // The schema refuses the first; the handler's own check ('to yourself') another.
      [
        '/api/v1/buy/data',
        [{ network: 1, mobile_number: '123', plan: '2' }],
        {
          network: 1,
          mobile_number: '08031234567',
          plan: '2',
        },
      ],
      [
        '/api/v1/auth/transferFund',
        [
          { userName: other.userName, amount: 'lots' },
          { userName: user.userName, amount: 100 },
        ],
        { userName: other.userName, amount: 100 },
      ],
    ];
    for (const [path, refusedBodies, body] of cases) {
      const key = { 'Idempotency-Key': `k-${randomUUID()}` };
      for (const refusedBody of refusedBodies) {
        const refused = await post(user, path, refusedBody, key);
        expect([refused.status, refused.body.code], path).toEqual([400, 'VALIDATION_ERROR']);
        expect(await keyRows(user.id), path).toEqual(
          expect.not.arrayContaining([expect.objectContaining({ key: key['Idempotency-Key'] })]),
        );
      }
      const ran = await post(user, path, body, key);
      expect([ran.status, ran.headers['idempotent-replayed']], path).toEqual([200, undefined]);
      const again = await post(user, path, body, key);
      expect([again.status, again.headers['idempotent-replayed']], path).toEqual([200, 'true']);
      expect(again.body, path).toEqual(ran.body);
    }
    // One data plan (₦600) and one transfer (₦100), each charged once.
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(2_000_00 - 600_00 - 100_00);
    expect(await getWalletBalanceKobo(t.ctx.db, other.id)).toBe(100_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('deletes keys past their retention; a purchase’s request_id still cannot buy twice', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const key = { 'Idempotency-Key': `k-${randomUUID()}` };
    expect((await buyData(user, {}, key)).status).toBe(200);
    const fresh = await createUser(t.ctx, { balanceKobo: 100_00 });
    await post(
      fresh,
      '/api/v1/buy/airtime',
      { network: 1, mobile_number: '08031234567', amount: 100 },
      key,
    );

    await t.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, user.id));
    const deleted = await deleteExpiredIdempotencyKeys(t.ctx.db, { keepHours: 24, limit: 1000 });
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await keyRows(user.id)).toHaveLength(0);
    // A younger key is kept.
    expect(await keyRows(fresh.id)).toHaveLength(1);

    const late = await buyData(user, {}, key);
    expect([late.status, late.body.code]).toEqual([409, 'CONFLICT']);
    expect(late.body.msg).toMatch(/^A purchase was already made with this request_id/);
    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(1_400_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});
