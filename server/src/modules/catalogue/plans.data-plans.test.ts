import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, dataPlans, planPriceHistory, transactions } from '../../db/schema/index.ts';
import {
  GLO,
  add,
  addOk,
  admin,
  agent,
  buy,
  customer,
  newPlan,
  t,
  usePlansTestApp,
} from './plans.test-helpers.ts';

usePlansTestApp();

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

  it('changes only the fields a PATCH carries', async () => {
    const body = newPlan({ partnerPrice: 1850 });
    const plan = await addOk(body);
    const patch = (fields: Record<string, unknown>) =>
      t
        .request()
        .patch('/api/v1/dataPlan/update')
        .set('x-auth-token', admin.token)
        .send({ _id: plan._id, ...fields });

    const hidden = await patch({ planNetwork: 'GLO', planAvailability: false });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.plan).toMatchObject({
      isAvailable: false,
      plan: body.planName,
      planType: body.planType,
      planId: body.planId,
      volumeRatio: 7,
      planValidity: '30 days',
      smartEarnerPrice: 2000,
      resellerPrice: 1950,
      apiPrice: 1900,
      planCostPrice: 1500,
      partnerPrice: 1850,
    });

    const repriced = await patch({ smartEarnerPrice: 2100 });
    expect(repriced.status).toBe(200);
    expect(repriced.body.plan).toMatchObject({
      smartEarnerPrice: 2100,
      resellerPrice: 1950,
      isAvailable: false,
      partnerPrice: 1850,
    });

    // null clears the partner price; the price order is still checked on the merged plan.
    expect((await patch({ partnerPrice: null })).body.plan.partnerPrice).toBeNull();
    const disordered = await patch({ apiPrice: 2500 });
    expect(disordered.status).toBe(400);

    const missing = await t
      .request()
      .patch('/api/v1/dataPlan/update')
      .set('x-auth-token', admin.token)
      .send({ planAvailability: true });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Choose a plan to edit');
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
