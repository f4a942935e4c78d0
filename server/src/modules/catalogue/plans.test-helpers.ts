import { afterAll, beforeAll, expect } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

export let t: TestApp;
export let admin: TestUser;
export let agent: TestUser;
export let customer: TestUser;
export let seq = 0;

/** A plan the admin adds, with a plan id no other test uses. */
export const newPlan = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    planNetwork: 'GLO',
    planName: '7GB',
    planType: `TEST${seq}`,
    planVolumeRatio: 7,
    planValidity: '30 days',
    planId: `T${seq}${Math.random().toString(36).slice(2, 6)}`,
    smartEarnerPrice: 2000,
    resellerPrice: 1950,
    apiPrice: 1900,
    planCostPrice: 1500,
    ...overrides,
  };
};

export const add = (token: string, body: Record<string, unknown>) =>
  t.request().post('/api/v1/dataPlan/add').set('x-auth-token', token).send(body);

export const addOk = async (body = newPlan()) => {
  const res = await add(admin.token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.plan as { _id: string; planId: string; plan_network: string };
};

export const buy = (user: TestUser, network: number, plan: string, phone = '08051234567') =>
  t
    .request()
    .post('/api/v1/buy/data')
    .set('x-auth-token', user.token)
    .send({ network, mobile_number: phone, plan });

export const GLO = 2;

/** A test app with an admin, an agent and a customer, per test file. */
export const usePlansTestApp = (): void => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t.ctx, { isAdmin: true });
    agent = await createUser(t.ctx, { isAgent: true });
    customer = await createUser(t.ctx, { balanceKobo: 50_000_00 });
  });
  afterAll(async () => {
    await t.close();
  });
};
