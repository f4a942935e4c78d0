import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { routeTable } from '../../api/table.ts';
import { queryRows } from '../../db/query.ts';

/**
 * The roles on the server (docs/product-rules.md#roles): every staff route answers 403 to each role
 * it does not allow, and nothing changes (users, plans, settings, money, coupons, mail, audit). Who
 * may call each route comes from the route table itself; a route that needs a body or an id of
 * its own to be reached gets a sample here.
 */

type Who = 'admin' | 'agent' | 'couponVendor';
type Call = { method: 'get' | 'post' | 'patch' | 'delete'; path: string; body?: object; who: Who };

let t: TestApp;
let callers: Record<string, TestUser>;
let target: TestUser;
/** A real bouquet, so a route that wrongly let a role through would change it. */
let bouquetId: string = randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  target = await createUser(t.ctx, { balanceKobo: 2_000_00 });
  const [padi] = await queryRows<{ id: string }>(
    t.ctx.db,
    sql`select id from bills_products where code = 'dstv-padi'`,
  );
  bouquetId = padi!.id;
  callers = {
    'smart earner': await createUser(t.ctx, { balanceKobo: 5_000_00 }),
    reseller: await createUser(t.ctx, { userType: 'reseller', balanceKobo: 5_000_00 }),
    'api user': await createUser(t.ctx, { userType: 'api user', balanceKobo: 5_000_00 }),
    agent: await createUser(t.ctx, { isAgent: true }),
    'coupon vendor': await createUser(t.ctx, { isCouponVendor: true }),
  };
});
afterAll(async () => {
  await t?.close();
});

const someId = randomUUID();

/** How a test reaches a staff route: its path filled in, and a body where it takes one. */
type Sample = { path?: string; body?: object };
const samples = (): Record<string, Sample> => ({
  'get /admin/users/{id}': { path: `/admin/users/${target.id}` },
  'get /admin/upgradeUser/{userId}/{userType}': {
    path: `/admin/upgradeUser/${target.id}/reseller`,
  },
  'post /admin/resetUserPassword': { body: { userId: target.id } },
  'post /admin/roles': { body: { userId: target.id, role: 'agent', enabled: true } },
  'post /admin/refund/{id}': { body: { reason: 'because' } },
  'post /admin/reconcileSuppliers': { body: {} },
  'post /admin/sandbox/float': { body: { supplier: 'ALARO', amount: 1000 } },
  'post /admin/alerts/{id}/acknowledge': { path: '/admin/alerts/1/acknowledge' },
  'post /admin/sendMail': { body: { subject: 'Hi', message: 'Hello', userAccount: '' } },
  'get /admin/sendMail/{id}': { path: '/admin/sendMail/1' },
  'post /admin/notification': { body: { msg: 'New prices' } },
  'post /admin/updatePrice': { body: { dataId: someId, newPrice: { price: 500 } } },
  'post /admin/supplier': { body: { network: 'MTN', supplierName: 'GLAD' } },
  'post /admin/supplier/health': { body: { supplier: 'ALARO', product: 'data', force: 'open' } },
  'post /admin/updateServices': {
    body: { serviceName: 'data', serviceType: 'data', serviceStatus: false },
  },
  'post /admin/ussd': { body: { network: 'MTN', ussd: '*323#' } },
  'post /admin/costPrice': { body: { network: 'MTN', costPrice: 1 } },
  'post /admin/fees': { body: { fundPagePercent: 5 } },
  'post /admin/reQueryWithdrawal': { body: { transactionId: someId } },
  'post /admin/generateCoupon': { body: { userAccount: target.userName, amount: 500 } },
  'get /dataPlan': { path: '/dataPlan?network=MTN' },
  'post /dataPlan/add': {
    body: {
      planNetwork: 'MTN',
      planName: '9GB',
      planType: 'SME',
      planVolumeRatio: 9,
      planId: 'R9',
      planValidity: '30 days',
      smartEarnerPrice: 3000,
      resellerPrice: 2900,
      apiPrice: 2800,
    },
  },
  'patch /dataPlan/update': { body: { _id: someId } },
  'post /admin/bills/products': {
    body: {
      serviceId: 'gotv',
      code: 'gotv-roles',
      name: 'GOtv Roles',
      costPrice: 1000,
      smartEarnerPrice: 1100,
      resellerPrice: 1070,
      apiPrice: 1050,
    },
  },
  'patch /admin/bills/products/{id}': {
    path: `/admin/bills/products/${bouquetId}`,
    body: { isAvailable: false },
  },
  'post /admin/bills/products/{id}/price': {
    path: `/admin/bills/products/${bouquetId}/price`,
    body: { smartEarnerPrice: 9999 },
  },
  'delete /admin/bills/products/{id}': { path: `/admin/bills/products/${bouquetId}` },
  'post /admin/bills/serviceStatus': { body: { serviceId: 'dstv', isOpen: false } },
  'post /admin/bills/supplier': { body: { serviceId: 'dstv', supplierName: 'VTPASS' } },
  'delete /dataPlan/delete': { path: `/dataPlan/delete?planId=${someId}` },
});

/** Every staff route of the route table, with who may call it as the table says. */
const staffRoutes = routeTable.filter(
  (route): route is typeof route & { access: Who } =>
    route.access === 'admin' || route.access === 'agent' || route.access === 'couponVendor',
);

const routes = (): Call[] => {
  const known = samples();
  return staffRoutes.map((route) => {
    const sample = known[`${route.method} ${route.path}`] ?? {};
    return {
      method: route.method as Call['method'],
      path: sample.path ?? route.path.replace(/\{\w+\}/g, someId),
      ...(sample.body ? { body: sample.body } : {}),
      who: route.access,
    };
  });
};

it('reads every staff route from the route table, and samples only routes it has', () => {
  const keys = staffRoutes.map((route) => `${route.method} ${route.path}`);
  expect(keys.length).toBeGreaterThanOrEqual(39);
  expect(keys).toEqual(expect.arrayContaining(['post /admin/refund/{id}', 'get /admin/coupons']));
  expect(Object.keys(samples()).filter((k) => !keys.includes(k))).toEqual([]);
});

/** Who holds which role: an admin holds them all; agents and coupon vendors only their own. */
const allowed = (caller: string, who: Who) =>
  (who === 'agent' && caller === 'agent') || (who === 'couponVendor' && caller === 'coupon vendor');

/** A fingerprint of everything a staff route could change. */
const state = async () =>
  (
    await queryRows<{ fingerprint: string }>(
      t.ctx.db,
      sql`select concat_ws('|',
        (select string_agg(concat_ws(',', id, user_type, is_agent, is_coupon_vendor, token_version), ';' order by id) from users),
        (select count(*) from audit_log), (select count(*) from journals),
        (select count(*) from transactions), (select count(*) from coupons),
        (select count(*) from mail_campaigns), (select count(*) from password_resets),
        (select count(*) from data_plans), (select count(*) from plan_price_history),
        (select string_agg(concat_ws(',', id, name, cost_price_kobo, smart_earner_price_kobo, reseller_price_kobo, api_price_kobo, is_available), ';' order by id) from bills_products),
        (select string_agg(concat_ws(',', service_id, is_open, supplier_name), ';' order by service_id) from bills_services),
        (select string_agg(concat_ws(',', service_name, service_status::text), ';' order by service_name) from services),
        (select string_agg(concat_ws(',', key, value::text), ';' order by key) from settings),
        (select string_agg(concat_ws(',', supplier, product, forced), ';' order by supplier, product) from supplier_breakers),
        (select count(*) from notifications), (select count(*) from supplier_reconciliations),
        (select count(*) from admin_alerts where acknowledged_at is not null),
        (select string_agg(balance_kobo::text, ',' order by id) from ledger_accounts where user_id is not null)
      ) as fingerprint`,
    )
  )[0]!.fingerprint;

describe('staff routes refuse every role they do not allow, and change nothing', () => {
  it('answers 403 to customers of every tier, and to agents and coupon vendors outside their routes', async () => {
    const before = await state();
    const wrong: string[] = [];
    let refused = 0;
    for (const [caller, user] of Object.entries(callers)) {
      for (const call of routes()) {
        if (allowed(caller, call.who)) continue;
        const http = t.request();
        const request = http[call.method](`/api/v1${call.path}`).set('x-auth-token', user.token);
        const res = await (call.body ? request.send(call.body) : request);
        refused += 1;
        if (res.status !== 403) wrong.push(`${caller} ${call.method} ${call.path} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(150);
    expect(await state()).toBe(before);
  });

  it('lets each allowed role past the guard (whatever the answer, it is not 401 or 403)', async () => {
    const wrong: string[] = [];
    for (const call of routes()) {
      if (call.method !== 'get') continue;
      const allowedCallers =
        call.who === 'admin'
          ? ['admin']
          : ['admin', call.who === 'agent' ? 'agent' : 'coupon vendor'];
      for (const caller of allowedCallers) {
        const user = caller === 'admin' ? await adminUser() : callers[caller]!;
        const res = await t.request().get(`/api/v1${call.path}`).set('x-auth-token', user.token);
        if (res.status === 401 || res.status === 403)
          wrong.push(`${caller} ${call.path} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

let admin: TestUser | undefined;
const adminUser = async () => (admin ??= await createUser(t.ctx, { isAdmin: true }));
