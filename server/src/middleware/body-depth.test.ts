import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth.ts';
import { getWalletBalanceKobo } from '../modules/ledger/ledger.service.ts';
import { billstackSignature } from '../providers/payments/billstack.ts';
import { signSquadBody } from '../providers/payments/squad.ts';

const SQUAD_SECRET = 'test_squad_secret';
const BILLSTACK_SECRET = 'test_billstack_secret';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({
    SQUAD_SECRET_KEY: SQUAD_SECRET,
    BILLSTACK_SECRET_KEY: BILLSTACK_SECRET,
  });
  customer = await createUser(t.ctx, { balanceKobo: 5_000_00 });
  admin = await createUser(t.ctx, { isAdmin: true });
});
afterAll(async () => {
  await t?.close();
});

const TOO_DEEP = { msg: 'The request body is nested too deeply', code: 'VALIDATION_ERROR' };

/** `fields` as a JSON object with `"deep":[[…]]` added, the whole nesting `depth` levels. */
const nested = (depth: number, fields: Record<string, unknown> = {}): string =>
  JSON.stringify({ ...fields, deep: 0 }).replace(
    /"deep":0}$/,
    `"deep":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`,
  );

const dataOrder = { network: 1, mobile_number: '08031234567', plan: '2' };

const post = (path: string, raw: string, headers: Record<string, string> = {}) =>
  t.request().post(path).set('content-type', 'application/json').set(headers).send(raw);

describe('nestsDeeperThan', () => {
  it('counts the top-level object or array as level 1, and measures any depth', () => {
    expect(nestsDeeperThan(JSON.parse(nested(32)), 32)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nested(33)), 32)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(nested(50_000)), 32)).toBe(true);
    expect(nestsDeeperThan([[{ a: [] }]], 3)).toBe(true);
    expect(nestsDeeperThan([[{ a: 1 }]], 3)).toBe(false);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
  });
});

describe('a JSON body nested thousands deep', () => {
  it('is a 400 on every kind of route, with or without an Idempotency-Key, never a 500', async () => {
    const deep = nested(5_000, dataOrder);
    expect(deep.length).toBeLessThan(100 * 1024);
    const auth = (user: TestUser) => ({ 'x-auth-token': user.token });
    const cases: [string, string, Record<string, string>][] = [
      [
        'idempotent, with a key',
        '/api/v1/buy/data',
        {
          ...auth(customer),
          'Idempotency-Key': `k-${randomUUID()}`,
        },
      ],
      ['idempotent, without a key', '/api/v1/buy/data', auth(customer)],
      ['not idempotent', '/api/v1/auth/contact', auth(customer)],
      ['staff', '/api/v1/admin/updatePrice', auth(admin)],
      ['not signed in', '/api/v1/auth/login', {}],
    ];
    for (const [name, path, headers] of cases) {
      const res = await post(path, deep, headers);
      expect([res.status, res.body], name).toEqual([400, TOO_DEEP]);
    }
    // The same refusal for a body given its key in request_id.
    const byRequestId = await post(
      '/api/v1/buy/data',
      nested(5_000, { ...dataOrder, request_id: `r-${randomUUID()}` }),
      auth(customer),
    );
    expect([byRequestId.status, byRequestId.body]).toEqual([400, TOO_DEEP]);
    expect(await getWalletBalanceKobo(t.ctx.db, customer.id)).toBe(5_000_00);
  });

  it('is a 4xx at the webhooks, which parse their raw bytes themselves', async () => {
    const deep = nested(5_000, { TransactionRef: 'nothing', event: 'PAYMENT_NOTIFICATION' });
    const squad = await post('/api/v1/webhooks/squad', deep, {
      'x-squad-encrypted-body': signSquadBody(SQUAD_SECRET, deep),
    });
    expect([squad.status, squad.body]).toEqual([400, { msg: TOO_DEEP.msg }]);
    const unsigned = await post('/api/v1/webhooks/squad', deep, {
      'x-squad-encrypted-body': 'nope',
    });
    expect(unsigned.status).toBe(401);
    const billstack = await post('/api/v1/webhooks/billstack', deep, {
      'x-wiaxy-signature': billstackSignature(BILLSTACK_SECRET),
    });
    expect([billstack.status, billstack.body]).toEqual([400, { msg: TOO_DEEP.msg }]);
  });
});

describe('a body within the limit', () => {
  it(`is served up to ${MAX_JSON_DEPTH} levels, with or without a key, and refused one deeper`, async () => {
    const user = await createUser(t.ctx, { balanceKobo: 2_000_00 });
    const key = { 'x-auth-token': user.token, 'Idempotency-Key': `k-${randomUUID()}` };
    const bought = await post('/api/v1/buy/data', nested(MAX_JSON_DEPTH, dataOrder), key);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const replayed = await post('/api/v1/buy/data', nested(MAX_JSON_DEPTH, dataOrder), key);
    expect([replayed.status, replayed.headers['idempotent-replayed']]).toEqual([200, 'true']);
    const deeper = await post('/api/v1/buy/data', nested(MAX_JSON_DEPTH + 1, dataOrder), {
      'x-auth-token': user.token,
      'Idempotency-Key': `k-${randomUUID()}`,
    });
    expect([deeper.status, deeper.body]).toEqual([400, TOO_DEEP]);

    const contact = { contactName: 'Ada', contactNumber: '08031234567', contactNetwork: 'MTN' };
    const saved = await post('/api/v1/auth/contact', nested(20, contact), {
      'x-auth-token': user.token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);

    expect(await getWalletBalanceKobo(t.ctx.db, user.id)).toBe(2_000_00 - 600_00);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('is refused for a NUL byte at any depth it may have', async () => {
    const deep = nested(MAX_JSON_DEPTH - 1, {
      contactName: 'Ada',
      contactNumber: '08031234567',
      contactNetwork: 'MTN',
    }).replace('[]', '["a\\u0000b"]');
    const res = await post('/api/v1/auth/contact', deep, { 'x-auth-token': customer.token });
    expect([res.status, res.body.msg]).toEqual([
      400,
      'The request contains characters that are not allowed',
    ]);
  });
});
