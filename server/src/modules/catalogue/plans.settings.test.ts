import { and, eq } from 'drizzle-orm';
import supertest from 'supertest';
import { describe, expect, inject, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import { createApp } from '../../app.ts';
import { openPostgres } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import {
  GLO,
  addOk,
  admin,
  agent,
  customer,
  newPlan,
  t,
  usePlansTestApp,
} from './plans.test-helpers.ts';

usePlansTestApp();

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
