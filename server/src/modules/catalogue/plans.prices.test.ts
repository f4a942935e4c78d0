import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, dataPlans } from '../../db/schema/index.ts';
import {
  addOk,
  admin,
  agent,
  customer,
  newPlan,
  t,
  usePlansTestApp,
} from './plans.test-helpers.ts';

usePlansTestApp();

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

describe('POST /prices for staff (the Update price page copies a plan from it)', () => {
  const PRIVATE = ['volumeRatio', 'planCostPrice', 'partnerPrice'];

  it('answers volume, cost and partner price to admins and agents, never to customers', async () => {
    const plan = await addOk(
      newPlan({ planVolumeRatio: 2.5, planCostPrice: 1400, partnerPrice: 1850 }),
    );
    const listFor = async (token: string) => {
      const res = await t.request().post('/api/v1/prices').set('x-auth-token', token).send({
        network: 'GLO',
      });
      expect(res.status).toBe(200);
      return res.body as Record<string, unknown>[];
    };
    for (const staff of [admin, agent]) {
      const row = (await listFor(staff.token)).find((p) => p._id === plan._id);
      expect(row).toMatchObject({ volumeRatio: 2.5, planCostPrice: 1400, partnerPrice: 1850 });
    }
    const customerRows = await listFor(customer.token);
    expect(customerRows.some((p) => p._id === plan._id)).toBe(true);
    for (const row of customerRows) for (const key of PRIVATE) expect(row).not.toHaveProperty(key);
  });

  it('lets the admin save a plan copied from that list, as the original client does', async () => {
    const plan = await addOk(newPlan({ planVolumeRatio: 3, planCostPrice: 900 }));
    const list = await t
      .request()
      .post('/api/v1/prices')
      .set('x-auth-token', admin.token)
      .send({ network: 2 });
    const row = (list.body as Record<string, unknown>[]).find((p) => p._id === plan._id)!;
    const res = await t
      .request()
      .patch('/api/v1/dataPlan/update')
      .set('x-auth-token', admin.token)
      .send({
        _id: row._id,
        planNetwork: row.plan_network,
        planName: row.plan,
        planType: row.plan_type,
        planVolumeRatio: row.volumeRatio,
        planValidity: row.month_validate,
        planId: row.id,
        smartEarnerPrice: row.my_price,
        resellerPrice: row.resellerPrice,
        apiPrice: Number(row.apiPrice) - 10,
        planCostPrice: row.planCostPrice,
        partnerPrice: row.partnerPrice,
        planAvailability: true,
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [saved] = await t.ctx.db.select().from(dataPlans).where(eq(dataPlans.id, plan._id));
    expect(saved).toMatchObject({ volumeMb: 3000, costPriceKobo: 900_00 });
  });
});
