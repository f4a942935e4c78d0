import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

export let t: TestApp;
export let admin: TestUser;
export let agent: TestUser;
export let vendor: TestUser;
export let customer: TestUser;

export const send = async (
  who: TestUser,
  method: 'get' | 'post' | 'patch' | 'delete',
  path: string,
  body?: object,
) => {
  const agentReq = t.request();
  const req = agentReq[method](`/api/v1${path}`).set('x-auth-token', who.token);
  const res = body === undefined ? await req : await req.send(body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res;
};

/** A purchase by the customer; `phone` picks the sandbox supplier's behaviour. */
export const buyData = async (phone: string) =>
  (await send(customer, 'post', '/buy/data', { network: 1, mobile_number: phone, plan: '2' })).body
    .receipt._id as string;

export let planSeq = 0;
export const addPlan = async () => {
  planSeq += 1;
  const res = await send(admin, 'post', '/dataPlan/add', {
    planNetwork: 'GLO',
    planName: '7GB',
    planType: `AUDIT${planSeq}`,
    planVolumeRatio: 7,
    planValidity: '30 days',
    planId: `AUD${planSeq}`,
    smartEarnerPrice: 2000,
    resellerPrice: 1950,
    apiPrice: 1900,
  });
  return res.body.plan as Record<string, unknown> & { _id: string };
};

export type StaffAct = {
  action: string;
  /** The mounted route (method and path) the act goes through. */
  route: string;
  who: () => TestUser;
  targetType: string;
  /** Performs the act through the API; answers the audited target's id. */
  act: (who: TestUser) => Promise<string>;
};

/** A test app with an admin, an agent, a coupon vendor and a customer, per test file. */
export const useStaffAuditApp = (): void => {
  beforeAll(async () => {
    t = await createTestApp({ SQUAD_SECRET_KEY: 'test_squad_secret' });
    admin = await createUser(t.ctx, { isAdmin: true });
    agent = await createUser(t.ctx, { isAgent: true });
    vendor = await createUser(t.ctx, { isCouponVendor: true, balanceKobo: 1_000_00 });
    customer = await createUser(t.ctx, { balanceKobo: 20_000_00 });
  });
  afterAll(async () => {
    await t?.close();
  });
};
