import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { queryRows } from '../../db/query.ts';

/**
 * The roles on the server (docs/product-rules.md#roles): every staff route answers 403 to each role
 * it does not allow, and nothing changes (users, plans, settings, money, coupons, mail, audit). One
 * table lists every staff route with who may call it: a new staff route gets a line here.
 */

type Who = 'admin' | 'agent' | 'couponVendor';
type Call = { method: 'get' | 'post' | 'patch' | 'delete'; path: string; body?: object; who: Who };

let t: TestApp;
let callers: Record<string, TestUser>;
let target: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  target = await createUser(t.ctx, { balanceKobo: 2_000_00 });
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
const routes = (): Call[] => [
  { method: 'get', path: '/admin/', who: 'admin' },
  { method: 'get', path: '/admin/users', who: 'agent' },
  { method: 'get', path: `/admin/users/${target.id}`, who: 'agent' },
  { method: 'get', path: `/admin/upgradeUser/${target.id}/reseller`, who: 'admin' },
  { method: 'post', path: '/admin/resetUserPassword', body: { userId: target.id }, who: 'admin' },
  {
    method: 'post',
    path: '/admin/roles',
    body: { userId: target.id, role: 'agent', enabled: true },
    who: 'admin',
  },
  { method: 'get', path: '/admin/audit', who: 'admin' },
  { method: 'post', path: `/admin/refund/${someId}`, body: { reason: 'because' }, who: 'agent' },
  { method: 'post', path: `/admin/requery/${someId}`, who: 'agent' },
  { method: 'get', path: '/admin/pending', who: 'agent' },
  { method: 'post', path: '/admin/reconcileSuppliers', body: {}, who: 'admin' },
  { method: 'get', path: '/admin/reconcileSuppliers', who: 'admin' },
  {
    method: 'post',
    path: '/admin/sandbox/float',
    body: { supplier: 'ALARO', amount: 1000 },
    who: 'admin',
  },
  { method: 'get', path: '/admin/alerts', who: 'agent' },
  { method: 'post', path: '/admin/alerts/1/acknowledge', who: 'admin' },
  { method: 'get', path: '/admin/salesChart', who: 'admin' },
  { method: 'get', path: '/admin/users.csv', who: 'agent' },
  {
    method: 'post',
    path: '/admin/sendMail',
    body: { subject: 'Hi', message: 'Hello', userAccount: '' },
    who: 'admin',
  },
  { method: 'get', path: '/admin/sendMail/1', who: 'admin' },
  { method: 'post', path: '/admin/notification', body: { msg: 'New prices' }, who: 'agent' },
  {
    method: 'post',
    path: '/admin/updatePrice',
    body: { dataId: someId, newPrice: { price: 500 } },
    who: 'agent',
  },
  { method: 'get', path: '/admin/supplier', who: 'admin' },
  {
    method: 'post',
    path: '/admin/supplier',
    body: { network: 'MTN', supplierName: 'GLAD' },
    who: 'admin',
  },
  { method: 'get', path: '/admin/checkServices', who: 'admin' },
  {
    method: 'post',
    path: '/admin/updateServices',
    body: { serviceName: 'data', serviceType: 'data', serviceStatus: false },
    who: 'admin',
  },
  { method: 'post', path: '/admin/ussd', body: { network: 'MTN', ussd: '*323#' }, who: 'admin' },
  { method: 'get', path: '/admin/costPrice', who: 'admin' },
  {
    method: 'post',
    path: '/admin/costPrice',
    body: { network: 'MTN', costPrice: 1 },
    who: 'admin',
  },
  { method: 'get', path: '/admin/fees', who: 'admin' },
  { method: 'post', path: '/admin/fees', body: { fundPagePercent: 5 }, who: 'admin' },
  { method: 'post', path: `/admin/requeryFunding/${someId}`, who: 'agent' },
  {
    method: 'post',
    path: '/admin/reQueryWithdrawal',
    body: { transactionId: someId },
    who: 'admin',
  },
  {
    method: 'post',
    path: '/admin/generateCoupon',
    body: { userAccount: target.userName, amount: 500 },
    who: 'couponVendor',
  },
  { method: 'get', path: '/admin/coupons', who: 'couponVendor' },
  { method: 'get', path: '/dataPlan?network=MTN', who: 'agent' },
  {
    method: 'post',
    path: '/dataPlan/add',
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
    who: 'admin',
  },
  { method: 'patch', path: '/dataPlan/update', body: { _id: someId }, who: 'admin' },
  { method: 'delete', path: `/dataPlan/delete?planId=${someId}`, who: 'admin' },
  { method: 'get', path: `/dataPlan/history/${someId}`, who: 'admin' },
];

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
        (select string_agg(concat_ws(',', service_name, service_status::text), ';' order by service_name) from services),
        (select string_agg(concat_ws(',', key, value::text), ';' order by key) from settings),
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
