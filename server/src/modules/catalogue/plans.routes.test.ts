import { and, eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import { createApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { auditLog, dataPlans, planPriceHistory, transactions } from '../../db/schema/index.ts';

let t: TestApp;
let admin: TestUser;
let agent: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.ctx, { isAdmin: true });
  agent = await createUser(t.ctx, { isAgent: true });
  customer = await createUser(t.ctx, { balanceKobo: 50_000_00 });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** A plan the admin adds, with a plan id no other test uses. */
const newPlan = (overrides: Record<string, unknown> = {}) => {
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

const add = (token: string, body: Record<string, unknown>) =>
  t.request().post('/api/v1/dataPlan/add').set('x-auth-token', token).send(body);

const addOk = async (body = newPlan()) => {
  const res = await add(admin.token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.plan as { _id: string; planId: string; plan_network: string };
};

const buy = (user: TestUser, network: number, plan: string, phone = '08051234567') =>
  t
    .request()
    .post('/api/v1/buy/data')
    .set('x-auth-token', user.token)
    .send({ network, mobile_number: phone, plan });

const GLO = 2;

describe('roles on the catalogue back office', () => {
  it('refuses customers and agents where the spec gives the act to admins', async () => {
    expect((await add(customer.token, newPlan())).status).toBe(403);
    expect((await add(agent.token, newPlan())).status).toBe(403);
    const cost = t
      .request()
      .post('/api/v1/admin/costPrice')
      .send({ network: 'MTN', costPrice: 200 });
    expect((await cost.set('x-auth-token', agent.token)).status).toBe(403);
    expect((await t.request().get('/api/v1/dataPlan?network=MTN')).status).toBe(401);
    const notice = await t
      .request()
      .post('/api/v1/admin/notification')
      .set('x-auth-token', customer.token)
      .send({ msg: 'hello' });
    expect(notice.status).toBe(403);
    const price = await t
      .request()
      .post('/api/v1/admin/updatePrice')
      .set('x-auth-token', customer.token)
      .send({ dataId: 'x', newPrice: { price: 10 } });
    expect(price.status).toBe(403);
  });
});

describe('POST /dataPlan/add', () => {
  it("answers 'Please select a network' without one, or with 'select'", async () => {
    for (const planNetwork of [undefined, '', 'select', 'MTNX']) {
      const res = await add(admin.token, newPlan({ planNetwork }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Please select a network');
    }
  });

  it('keeps the price order and says which rule broke', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ apiPrice: 1400 }, 'The API price must not be below the cost price'],
      [{ resellerPrice: 1800 }, 'The reseller price must not be below the API price'],
      [{ smartEarnerPrice: 1900 }, 'The smart earner price must not be below the reseller price'],
      [{ smartEarnerPrice: 'abc' }, 'Enter a valid smart earner price'],
    ];
    for (const [overrides, msg] of cases) {
      const res = await add(admin.token, newPlan(overrides));
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });

  it('adds a plan a user then buys at the tier price, with the new cost in the profit', async () => {
    const plan = await addOk();
    const prices = await t
      .request()
      .post('/api/v1/prices')
      .set('x-auth-token', customer.token)
      .send({ network: 'GLO' });
    const listed = prices.body.find((p: { _id: string }) => p._id === plan._id);
    expect(listed).toMatchObject({ plan_amount: 2000, isAvailable: true });

    const res = await buy(customer, GLO, plan.planId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.receipt).toMatchObject({ trans_Status: 'success', trans_amount: 2000 });
    const [row] = await t.ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, res.body.receipt.trans_Id));
    expect(row).toMatchObject({ costKobo: 1500_00, profitKobo: 500_00, planId: plan._id });
  });

  it('records the addition in the audit log and the price history', async () => {
    const plan = await addOk();
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, plan._id), eq(auditLog.action, 'plan.add')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);
    const history = await t
      .request()
      .get(`/api/v1/dataPlan/history/${plan._id}`)
      .set('x-auth-token', admin.token);
    expect(history.status).toBe(200);
    expect(history.body.history).toEqual([
      expect.objectContaining({
        by: admin.userName,
        before: null,
        after: expect.objectContaining({ smartEarnerPrice: 2000, costPrice: 1500 }),
      }),
    ]);
  });

  it('refuses a second live plan with the same plan id on the network', async () => {
    const body = newPlan();
    await addOk(body);
    const res = await add(admin.token, { ...body, planName: '8GB' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain(body.planId);
  });
});

describe('PATCH /dataPlan/update and availability', () => {
  it('turns a plan off at once: hidden from buyers and refused with a message', async () => {
    const body = newPlan();
    const plan = await addOk(body);
    const res = await t
      .request()
      .patch('/api/v1/dataPlan/update')
      .set('x-auth-token', admin.token)
      .send({ ...body, _id: plan._id, planAvailability: false });
    expect(res.status).toBe(200);
    expect(res.body.plan.isAvailable).toBe(false);

    const prices = await t
      .request()
      .post('/api/v1/prices')
      .set('x-auth-token', customer.token)
      .send({ network: 'GLO' });
    expect(prices.body.some((p: { _id: string }) => p._id === plan._id)).toBe(false);
    const bought = await buy(customer, GLO, plan.planId);
    expect(bought.status).toBe(400);
    expect(bought.body.msg).toBe('This data plan is not available at the moment');

    const history = await t.ctx.db
      .select()
      .from(planPriceHistory)
      .where(eq(planPriceHistory.planId, plan._id));
    expect(history.map((h) => h.after.isAvailable).sort()).toEqual([false, true]);
  });

  it('answers 404 for a plan that does not exist', async () => {
    const res = await t
      .request()
      .patch('/api/v1/dataPlan/update')
      .set('x-auth-token', admin.token)
      .send({ ...newPlan(), _id: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /dataPlan/delete', () => {
  it('erases a plan nobody bought, and retires one with purchases (its receipt keeps it)', async () => {
    const unsold = await addOk();
    const erased = await t
      .request()
      .delete(`/api/v1/dataPlan/delete?planId=${unsold._id}`)
      .set('x-auth-token', admin.token);
    expect(erased.status).toBe(200);
    expect(erased.body.retired).toBe(false);
    expect(await t.ctx.db.select().from(dataPlans).where(eq(dataPlans.id, unsold._id))).toEqual([]);

    const body = newPlan();
    const sold = await addOk(body);
    const bought = await buy(customer, GLO, sold.planId);
    expect(bought.status).toBe(200);
    const retired = await t
      .request()
      .delete(`/api/v1/dataPlan/delete?planId=${sold._id}`)
      .set('x-auth-token', admin.token);
    expect(retired.body.retired).toBe(true);
    const receipt = await t
      .request()
      .get(`/api/v1/transaction/${bought.body.receipt._id}`)
      .set('x-auth-token', customer.token);
    expect(receipt.body.transaction.details).toMatchObject({ plan: '7GB' });
    const list = await t
      .request()
      .get('/api/v1/dataPlan?network=GLO')
      .set('x-auth-token', admin.token);
    expect(list.body.plans.some((p: { _id: string }) => p._id === sold._id)).toBe(false);
    // The retired plan's id may be used again.
    await addOk({ ...body, planName: '9GB' });
  });
});

describe('POST /admin/updatePrice', () => {
  it("answers 'Please enter a valid value' without any price", async () => {
    const plan = await addOk();
    const res = await t
      .request()
      .post('/api/v1/admin/updatePrice')
      .set('x-auth-token', agent.token)
      .send({ dataId: plan._id, newPrice: {} });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Please enter a valid value');
  });

  it("rescales a 1 GB plan's type by volume after a preview; an agent may do it", async () => {
    const type = `RS${Date.now().toString(36)}`.toUpperCase();
    const common = { planNetwork: 'AIRTEL', planType: type, planCostPrice: 0 };
    const oneGb = await addOk(
      newPlan({
        ...common,
        planName: '1GB',
        planVolumeRatio: 1,
        smartEarnerPrice: 300,
        resellerPrice: 290,
        apiPrice: 280,
      }),
    );
    const halfGb = await addOk(
      newPlan({
        ...common,
        planName: '500MB',
        planVolumeRatio: 0.5,
        smartEarnerPrice: 160,
        resellerPrice: 150,
        apiPrice: 145,
      }),
    );
    const send = (preview: boolean) =>
      t
        .request()
        .post('/api/v1/admin/updatePrice')
        .set('x-auth-token', agent.token)
        .send({ dataId: oneGb._id, newPrice: { price: 320, reseller: '300' }, preview });

    const preview = await send(true);
    expect(preview.status).toBe(200);
    expect(preview.body.applied).toBe(false);
    const byId = (changes: { _id: string }[], id: string) => changes.find((c) => c._id === id);
    expect(byId(preview.body.changes, halfGb._id)).toMatchObject({
      before: { price: 160, reseller: 150, api: 145 },
      after: { price: 160, reseller: 150, api: 145 },
    });
    expect(byId(preview.body.changes, oneGb._id)).toMatchObject({
      after: { price: 320, reseller: 300, api: 280 },
    });
    const unchanged = await t.ctx.db.select().from(dataPlans).where(eq(dataPlans.id, oneGb._id));
    expect(unchanged[0]!.smartEarnerPriceKobo).toBe(300_00);

    const applied = await send(false);
    expect(applied.body.applied).toBe(true);
    const rows = await t.ctx.db.select().from(dataPlans).where(eq(dataPlans.planType, type));
    const half = rows.find((r) => r.id === halfGb._id)!;
    expect([half.smartEarnerPriceKobo, half.resellerPriceKobo, half.apiPriceKobo]).toEqual([
      160_00, 150_00, 145_00,
    ]);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, oneGb._id), eq(auditLog.action, 'plan.price')));
    expect(audit[0]!.actorId).toBe(agent.id);
  });

  it('refuses a rescale that would break a plan’s price order, naming the plan', async () => {
    const type = `RB${Date.now().toString(36)}`.toUpperCase();
    const common = { planNetwork: 'AIRTEL', planType: type, planCostPrice: 0 };
    const oneGb = await addOk(
      newPlan({
        ...common,
        planName: '1GB',
        planVolumeRatio: 1,
        smartEarnerPrice: 300,
        resellerPrice: 290,
        apiPrice: 280,
      }),
    );
    await addOk(
      newPlan({
        ...common,
        planName: '2GB',
        planVolumeRatio: 2,
        smartEarnerPrice: 600,
        resellerPrice: 580,
        apiPrice: 560,
      }),
    );
    const res = await t
      .request()
      .post('/api/v1/admin/updatePrice')
      .set('x-auth-token', admin.token)
      .send({ dataId: oneGb._id, newPrice: { api: 295 } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(
      `AIRTEL 1GB ${type}: The reseller price must not be below the API price`,
    );
  });
});

describe('/admin/costPrice', () => {
  it("refuses zero with 'enter a valid price', and a new cost applies to plans without their own", async () => {
    const zero = await t
      .request()
      .post('/api/v1/admin/costPrice')
      .set('x-auth-token', admin.token)
      .send({ network: '9MOBILE', costPrice: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.msg).toBe('enter a valid price');

    const plan = await addOk(
      newPlan({ planNetwork: '9MOBILE', planCostPrice: 0, planVolumeRatio: 2 }),
    );
    const set = await t
      .request()
      .post('/api/v1/admin/costPrice')
      .set('x-auth-token', admin.token)
      .send({ network: '9MOBILE', costPrice: 250 });
    expect(set.status).toBe(200);
    const list = await t
      .request()
      .get('/api/v1/dataPlan?network=9mobile')
      .set('x-auth-token', admin.token);
    const listed = list.body.plans.find((p: { _id: string }) => p._id === plan._id);
    expect(listed).toMatchObject({ effectiveCostPrice: 500, margins: { smartEarner: 1500 } });
    const costs = await t.request().get('/api/v1/admin/costPrice').set('x-auth-token', admin.token);
    expect(costs.body).toContainEqual({ network: '9MOBILE', costPrice: 250 });
  });
});

describe('/admin/notification', () => {
  it('shows the message to each user until they press OK, on every device', async () => {
    const published = await t
      .request()
      .post('/api/v1/admin/notification')
      .set('x-auth-token', agent.token)
      .send({ msg: 'Data prices change on Monday' });
    expect(published.status).toBe(200);
    const reader = await createUser(t.ctx);
    const get = () =>
      t.request().get('/api/v1/admin/notification').set('x-auth-token', reader.token);
    const first = await get();
    expect(first.body).toEqual({
      msg: 'Data prices change on Monday',
      id: published.body.id,
      seen: false,
    });
    const profile = await t.request().get('/api/v1/auth').set('x-auth-token', reader.token);
    expect(profile.body.notification).toMatchObject({ msg: 'Data prices change on Monday' });

    await t
      .request()
      .post('/api/v1/admin/notification/seen')
      .set('x-auth-token', reader.token)
      .send({ id: published.body.id })
      .expect(200);
    expect((await get()).body.seen).toBe(true);
    const again = await t.request().get('/api/v1/auth').set('x-auth-token', reader.token);
    expect(again.body.notification).toBeNull();
  });
});

describe('POST /prices for clients written for the original system', () => {
  it("answers an empty list for no network or 'select', and isAvailable on every plan", async () => {
    for (const network of ['select', '', undefined]) {
      const res = await t
        .request()
        .post('/api/v1/prices')
        .set('x-auth-token', customer.token)
        .send(network === undefined ? {} : { network });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
    const res = await t
      .request()
      .post('/api/v1/prices')
      .set('x-auth-token', customer.token)
      .send({ network: 1 });
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((p: { isAvailable: boolean }) => p.isAvailable === true)).toBe(true);
  });
});

describe('admin settings are audited', () => {
  it('a service lock and a supplier change each write an audit row; agents get 403', async () => {
    const lock = (token: string, serviceStatus: boolean) =>
      t
        .request()
        .post('/api/v1/admin/updateServices')
        .set('x-auth-token', token)
        .send({ serviceName: 'airtime', serviceStatus });
    expect((await lock(agent.token, false)).status).toBe(403);
    expect((await lock(admin.token, false)).body.msg).toBe('airtime is now locked');
    const refused = await t
      .request()
      .post('/api/v1/buy/airtime')
      .set('x-auth-token', customer.token)
      .send({ network: 1, mobile_number: '08031234567', amount: 100 });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.msg).toBe(
      'Airtime purchases are paused at the moment. Please try again later.',
    );
    await lock(admin.token, true);
    const locks = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.status'), eq(auditLog.targetId, 'airtime')));
    expect(locks.map((a) => a.after)).toEqual(
      expect.arrayContaining([{ serviceStatus: false }, { serviceStatus: true }]),
    );

    const supplier = await t
      .request()
      .post('/api/v1/admin/supplier')
      .set('x-auth-token', admin.token)
      .send({ network: 'GLO', supplierName: 'GLAD' });
    expect(supplier.body.msg).toBe('GLO is now served by GLAD');
    await t
      .request()
      .post('/api/v1/admin/supplier')
      .set('x-auth-token', admin.token)
      .send({ network: 'GLO', supplierName: 'ALARO' });
    const changes = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'network.supplier'), eq(auditLog.targetId, 'GLO')));
    expect(changes.map((a) => a.after)).toEqual([
      { supplierName: 'GLAD' },
      { supplierName: 'ALARO' },
    ]);
  });
});

describe('a change applies to the next purchase in every server process', () => {
  it('a price set through one app is charged by another on the same database', async () => {
    const template = inject('dbTemplate');
    // Another server: its own app and, on PostgreSQL, its own connection pool.
    const other =
      template.kind === 'pg'
        ? openPostgres(databaseUrlFor(template.adminUrl, t.databaseName))
        : null;
    const otherApp = createApp({ ...t.ctx, db: other?.db ?? t.ctx.db });
    try {
      const body = newPlan({ planVolumeRatio: 3, planName: '3GB' });
      const plan = await addOk(body);
      const buyThere = () =>
        supertest(otherApp)
          .post('/api/v1/buy/data')
          .set('x-auth-token', customer.token)
          .send({ network: GLO, mobile_number: '08051230000', plan: plan.planId });
      expect((await buyThere()).body.receipt.trans_amount).toBe(2000);

      await t
        .request()
        .post('/api/v1/admin/updatePrice')
        .set('x-auth-token', admin.token)
        .send({ dataId: plan._id, newPrice: { price: 2100 } })
        .expect(200);
      expect((await buyThere()).body.receipt.trans_amount).toBe(2100);

      await t
        .request()
        .patch('/api/v1/dataPlan/update')
        .set('x-auth-token', admin.token)
        .send({ ...body, smartEarnerPrice: 2100, _id: plan._id, planAvailability: false })
        .expect(200);
      const refused = await buyThere();
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('This data plan is not available at the moment');
    } finally {
      await other?.close();
    }
  });
});
