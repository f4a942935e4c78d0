import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './lib/logger.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { createUser, type TestUser } from '../test/factories/user.factory.ts';
import { routeTable } from './api/table.ts';
import { createTestApp, type TestApp } from '../test/helpers/test-app.ts';

let t: TestApp;
let admin: TestUser;
let agent: TestUser;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.ctx, { isAdmin: true, balanceKobo: 1_000_00 });
  agent = await createUser(t.ctx, { isAgent: true, balanceKobo: 1_000_00 });
  customer = await createUser(t.ctx, { balanceKobo: 1_000_00 });
});
afterAll(async () => {
  await t?.close();
});

/** Path segments as they go on the wire (percent escapes left as they are). */
const BAD_SEGMENTS = [
  'abc',
  '00000000-0000-0000-0000-00000000000g',
  'x'.repeat(300),
  '%00',
  'a%00b',
  '%ff',
  '%C0%AF',
  '%E2%80%AE',
  '%F0%9F%92%A5',
  '%5C',
  "'%20or%201=1--",
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999',
  '1e400',
];

/** Values of an id field in a query or a body (JSON types included). */
const BAD_VALUES: unknown[] = [
  'abc',
  '00000000-0000-0000-0000-00000000000g',
  'x'.repeat(300),
  '\\',
  '%',
  '_',
  '\u202e',
  '💥',
  "' or 1=1--",
  '',
  ' ',
  -1,
  0,
  1.5,
  2147483648,
  1e20,
  true,
  null,
  [],
  {},
  ['00000000-0000-4000-8000-000000000000'],
];

/** A plausible value for a parameter other than the one under test. */
const plausible = (name: string) => (name === 'userType' ? 'reseller' : randomUUID());

/** A body good enough for the routes whose body is checked before their id is. */
const bodyFor = (method: string, path: string): object | undefined => {
  if (method === 'get' || method === 'delete') return undefined;
  if (path === '/api/v1/auth/contact/{id}') return { contactName: 'Ada' };
  if (path === '/api/v1/auth/user/{id}') return { userType: 'reseller' };
  if (path === '/api/v1/admin/refund/{id}') return { reason: 'the customer was not served' };
  // Bodies that pass, so the id is what is refused.
  if (path === '/api/v1/admin/bills/products/{id}') return { isAvailable: true };
  if (path === '/api/v1/admin/bills/products/{id}/price') return { smartEarnerPrice: 1 };
  return {};
};

const call = (who: TestUser, method: string, url: string, body?: object) => {
  const agentReq = t.request();
  const req = (
    method === 'get'
      ? agentReq.get(url)
      : method === 'post'
        ? agentReq.post(url)
        : method === 'patch'
          ? agentReq.patch(url)
          : method === 'put'
            ? agentReq.put(url)
            : agentReq.delete(url)
  ).set('x-auth-token', who.token);
  return body === undefined ? req : req.send(body);
};

describe('malformed ids', () => {
  it('never answer 5xx on any mounted route with a path parameter, for any role', async () => {
    const routes = routeTable.map((r) => ({ method: r.method, path: `/api/v1${r.path}` }));
    const withParams = routes.filter((r) => r.path.includes('{'));
    // The sweep must see the routes it is about (a parser change that finds none fails here).
    expect(withParams.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'get /api/v1/dataPlan/history/{id}',
        'get /api/v1/admin/users/{id}',
        'get /api/v1/admin/upgradeUser/{userId}/{userType}',
        'post /api/v1/admin/refund/{id}',
        'get /api/v1/transaction/{id}',
        'patch /api/v1/admin/bills/products/{id}',
      ]),
    );
    const failures: string[] = [];
    for (const route of withParams) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const name of names) {
        for (const bad of BAD_SEGMENTS) {
          const url = route.path.replace(/\{(\w+)\}/g, (_all, param: string) =>
            param === name ? bad : plausible(param),
          );
          for (const who of [admin, agent, customer]) {
            const res = await call(who, route.method, url, bodyFor(route.method, route.path));
            if (res.status >= 500) {
              failures.push(`${route.method} ${url.slice(0, 80)}: ${res.status}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await t.ledgerViolations()).toEqual([]);
  });

  it('never answer 5xx in the query and body id fields of the routes that take them', async () => {
    const plan = {
      planNetwork: 'GLO',
      planName: '7GB',
      planType: 'SWEEP',
      planVolumeRatio: 7,
      planValidity: '30 days',
      planId: 'SWEEP1',
      smartEarnerPrice: 2000,
      resellerPrice: 1950,
      apiPrice: 1900,
    };
    type Probe = {
      method: string;
      path: string;
      query?: (v: unknown) => object;
      body?: (v: unknown) => object;
    };
    const probes: Probe[] = [
      { method: 'delete', path: '/api/v1/dataPlan/delete', query: (v) => ({ planId: v }) },
      { method: 'patch', path: '/api/v1/dataPlan/update', body: (v) => ({ ...plan, _id: v }) },
      {
        method: 'post',
        path: '/api/v1/admin/updatePrice',
        body: (v) => ({ dataId: v, newPrice: { price: 100 } }),
      },
      { method: 'post', path: '/api/v1/admin/resetUserPassword', body: (v) => ({ userId: v }) },
      {
        method: 'post',
        path: '/api/v1/admin/roles',
        body: (v) => ({ userId: v, role: 'agent', enabled: true }),
      },
      {
        method: 'post',
        path: '/api/v1/admin/reQueryWithdrawal',
        body: (v) => ({ transactionId: v }),
      },
      {
        method: 'post',
        path: '/api/v1/admin/ussd',
        body: (v) => ({ id: v, category: 'data', label: 'Sweep', code: '*323#' }),
      },
      {
        method: 'get',
        path: '/api/v1/admin/audit',
        query: (v) => ({ targetId: v, actor: v, action: v, targetType: v }),
      },
      {
        method: 'get',
        path: '/api/v1/admin/users',
        query: (v) => ({ search: v, userName: v, phoneNumber: v }),
      },
      { method: 'get', path: '/api/v1/admin/alerts', query: (v) => ({ open: v }) },
      { method: 'get', path: '/api/v1/transaction', query: (v) => ({ userName: v }) },
      {
        method: 'post',
        path: '/api/v1/admin/generateCoupon',
        body: (v) => ({ userAccount: v, amount: 1 }),
      },
      {
        method: 'post',
        path: '/api/v1/auth/transferFund',
        body: (v) => ({ userName: v, amount: 1 }),
      },
      {
        method: 'post',
        path: '/api/v1/fundWallet/coupon',
        body: (v) => ({ userName: customer.userName, coupon: v }),
      },
      {
        method: 'post',
        path: '/api/v1/buy/data',
        body: (v) => ({ network: 1, mobile_number: '08031234567', plan: v }),
      },
      {
        method: 'post',
        path: '/api/v1/buy/validateMeter',
        body: (v) => ({ meterId: v, meterNumber: '1234567890', meterType: 'prepaid' }),
      },
      {
        method: 'post',
        path: '/api/v1/auth/resetpassword',
        body: (v) => ({ userId: v, token: 'abc', password: 'Secret#123456' }),
      },
      {
        method: 'post',
        path: '/api/v1/withdraw/beneficiary',
        body: (v) => ({ bankCode: v, accountNumber: '0123456789' }),
      },
    ];
    const failures: string[] = [];
    for (const probe of probes) {
      for (const bad of BAD_VALUES) {
        for (const who of [admin, customer]) {
          const req = call(who, probe.method, probe.path, probe.body?.(bad));
          const res = probe.query ? await req.query(probe.query(bad)) : await req;
          if (res.status >= 500) {
            failures.push(`${probe.method} ${probe.path} ${JSON.stringify(bad)}: ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await t.ledgerViolations()).toEqual([]);
  });
});

describe('ids checked where they enter', () => {
  it("refuse a malformed plan, user or USSD code id with the field's own message", async () => {
    const cases: [string, string, object | undefined, string][] = [
      ['get', '/api/v1/dataPlan/history/abc', undefined, 'That plan does not exist'],
      ['delete', '/api/v1/admin/bills/products/abc', undefined, 'That product does not exist'],
      [
        'patch',
        '/api/v1/admin/bills/products/1e400',
        { name: 'DStv' },
        'That product does not exist',
      ],
      ['delete', '/api/v1/dataPlan/delete?planId=abc', undefined, 'Choose a plan'],
      [
        'post',
        '/api/v1/admin/updatePrice',
        { dataId: '00000000-0000-0000-0000-00000000000g', newPrice: { price: 100 } },
        'Choose a plan',
      ],
      ['get', '/api/v1/admin/upgradeUser/abc/reseller', undefined, 'That user does not exist'],
      [
        'post',
        '/api/v1/admin/roles',
        { userId: 'abc', role: 'agent', enabled: true },
        'Choose a user',
      ],
      ['post', '/api/v1/admin/resetUserPassword', { userId: 'x'.repeat(300) }, 'Choose a user'],
      [
        'post',
        '/api/v1/admin/ussd',
        { id: 2147483648, category: 'data', label: 'MTN', code: '*323#' },
        'That USSD code does not exist',
      ],
    ];
    for (const [method, url, body, msg] of cases) {
      const res = await call(admin, method, url, body);
      expect([res.status, res.body], url).toEqual([400, { msg, code: 'VALIDATION_ERROR' }]);
    }
    // A well-formed id of no record is still a 404 (or an empty history).
    const unknown = randomUUID();
    expect((await call(admin, 'get', `/api/v1/admin/upgradeUser/${unknown}/reseller`)).status).toBe(
      404,
    );
    const history = await call(admin, 'get', `/api/v1/dataPlan/history/${unknown}`);
    expect([history.status, history.body]).toEqual([200, { history: [] }]);
  });

  it('answers a path that is no percent-encoded UTF-8 400', async () => {
    const res = await call(admin, 'get', '/api/v1/admin/users/%ff');
    expect([res.status, res.body]).toEqual([
      400,
      { msg: 'The request address is not valid', code: 'VALIDATION_ERROR' },
    ]);
  });
});

describe('values PostgreSQL refuses as data, behind any route', () => {
  // Real errors from the database (both drivers): each is the caller's value in the wrong
  // format, so the error handler answers 400 rather than 500.
  const refused: [string, ReturnType<typeof sql>][] = [
    ['22P02 invalid_text_representation', sql`select ${'abc'}::uuid`],
    ['22003 numeric_value_out_of_range', sql`select ${'2147483648'}::int`],
    ['22007 invalid_datetime_format', sql`select ${'not a date'}::date`],
    ['22008 datetime_field_overflow', sql`select ${'2024-13-45'}::date`],
    ['22021 character_not_in_repertoire', sql`select convert_from('\\xff'::bytea, 'UTF8')`],
    ['22025 invalid_escape_sequence', sql`select ${'ab'} like ${'a\\'}`],
    [
      '22001 string_data_right_truncation',
      sql.raw(`do $$ declare v varchar(2); begin v := 'abc'; end $$`),
    ],
  ];

  it.each(refused)('%s is a 400 VALIDATION_ERROR', async (_name, query) => {
    const app = express();
    app.get('/probe', async (_req, res) => {
      await t.ctx.db.execute(query);
      res.json({ refused: false });
    });
    app.use(errorHandler(createLogger('silent')));
    const res = await supertest(app).get('/probe');
    expect([res.status, res.body]).toEqual([
      400,
      { msg: 'The request has a value in the wrong format', code: 'VALIDATION_ERROR' },
    ]);
  });

  it('leaves other database errors a 500', async () => {
    const app = express();
    app.get('/probe', async () => {
      await t.ctx.db.execute(sql`select 1 / 0`);
    });
    app.use(errorHandler(createLogger('silent')));
    const res = await supertest(app).get('/probe');
    expect([res.status, res.body.code]).toEqual([500, 'INTERNAL']);
  });
});
