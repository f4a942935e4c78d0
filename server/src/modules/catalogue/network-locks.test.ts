import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { admin, agent, customer, t, usePlansTestApp } from './plans.test-helpers.ts';

usePlansTestApp();

const update = (body: Record<string, unknown>, token = admin.token) =>
  t.request().post('/api/v1/admin/updateServices').set('x-auth-token', token).send(body);

const buyData = async (network: number) => {
  const plans = await t
    .request()
    .post('/api/v1/prices')
    .set('x-auth-token', customer.token)
    .send({ network });
  return t
    .request()
    .post('/api/v1/buy/data')
    .set('x-auth-token', customer.token)
    .send({ network, mobile_number: '08031234567', plan: plans.body[0].id });
};

const buyAirtime = (network: number) =>
  t
    .request()
    .post('/api/v1/buy/airtime')
    .set('x-auth-token', customer.token)
    .send({ network, mobile_number: '08031234567', amount: 100 });

const services = async () => {
  const res = await t.request().get('/api/v1/admin/checkServices').set('x-auth-token', admin.token);
  expect(res.status).toBe(200);
  return res.body as {
    serviceName: string;
    serviceType?: string;
    serviceStatus: boolean;
    updatedAt: string | null;
  }[];
};

describe('service locks per network', () => {
  it("locks one network's data as the original client asks, while other networks and airtime sell", async () => {
    const before = await services();
    expect(before).toContainEqual(
      expect.objectContaining({ serviceName: 'MTN', serviceType: 'data', serviceStatus: true }),
    );
    expect(before.filter((s) => s.serviceType)).toHaveLength(8); // 4 networks × airtime, data

    const locked = await update({
      serviceName: 'MTN',
      serviceType: 'data',
      serviceStatus: 'disable',
    });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body.msg).toBe('MTN data is now locked');

    const refused = await buyData(1);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(
      'MTN data purchases are paused at the moment. Please try again later.',
    );
    expect((await buyData(2)).status).toBe(200); // GLO data still sells
    expect((await buyAirtime(1)).status).toBe(200); // MTN airtime still sells

    const after = await services();
    const mtnData = after.find((s) => s.serviceName === 'MTN' && s.serviceType === 'data');
    expect(mtnData).toMatchObject({ serviceStatus: false, updatedAt: expect.any(String) });
    expect(after.find((s) => s.serviceName === 'data')).toMatchObject({ serviceStatus: true });

    expect(
      (await update({ serviceName: 'mtn', serviceType: 'DATA', serviceStatus: 'enable' })).body.msg,
    ).toBe('MTN data is now available');
    expect((await buyData(1)).status).toBe(200);

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.status'), eq(auditLog.targetId, 'MTN data')));
    expect(audit.map((a) => a.after)).toEqual([{ serviceStatus: false }, { serviceStatus: true }]);
  });

  it('locks a network’s airtime with booleans too', async () => {
    expect(
      (await update({ serviceName: '9MOBILE', serviceType: 'airtime', serviceStatus: false }))
        .status,
    ).toBe(200);
    const refused = await buyAirtime(4);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(
      '9MOBILE airtime purchases are paused at the moment. Please try again later.',
    );
    expect((await buyAirtime(2)).status).toBe(200);
    await update({ serviceName: '9MOBILE', serviceType: 'airtime', serviceStatus: true });
    expect((await buyAirtime(4)).status).toBe(200);
  });

  it("accepts today's whole-service names with enable/disable", async () => {
    expect((await update({ serviceName: 'data', serviceStatus: 'disable' })).body.msg).toBe(
      'data is now locked',
    );
    expect((await buyData(2)).body.msg).toBe(
      'Data purchases are paused at the moment. Please try again later.',
    );
    expect((await update({ serviceName: 'data', serviceStatus: 'enable' })).status).toBe(200);
    expect((await buyData(2)).status).toBe(200);
  });

  it('refuses what it cannot apply, with a message, and agents', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { serviceName: 'MTN', serviceStatus: false },
        'Choose the service type of the network: airtime or data',
      ],
      [
        { serviceName: 'MTN', serviceType: 'electricity', serviceStatus: false },
        'The service type is airtime or data',
      ],
      [{ serviceName: 'ETISALAT', serviceType: 'data', serviceStatus: false }, 'Unknown service'],
      [
        { serviceName: 'MTN', serviceType: 'data', serviceStatus: 'off' },
        'The service status is true or false, or enable or disable',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await update(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(
      (await update({ serviceName: 'MTN', serviceType: 'data', serviceStatus: false }, agent.token))
        .status,
    ).toBe(403);
  });
});

describe('GET /api/v1/services', () => {
  it('tells anyone which purchases are paused, a whole service or one network’s, never cached', async () => {
    const status = async () => {
      const res = await t.request().get('/api/v1/services');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.body as {
        services: { name: string; isOpen: boolean }[];
        networks: { network: string; data: boolean; airtime: boolean }[];
      };
    };
    expect((await status()).services).toEqual([
      { name: 'airtime', isOpen: true },
      { name: 'data', isOpen: true },
      { name: 'electricity', isOpen: true },
    ]);
    await update({ serviceName: 'GLO', serviceType: 'airtime', serviceStatus: 'disable' });
    await update({ serviceName: 'electricity', serviceStatus: false });
    try {
      const now = await status();
      expect(now.services).toContainEqual({ name: 'electricity', isOpen: false });
      expect(now.networks).toContainEqual({ network: 'GLO', data: true, airtime: false });
      expect(now.networks).toContainEqual({ network: 'MTN', data: true, airtime: true });
    } finally {
      await update({ serviceName: 'GLO', serviceType: 'airtime', serviceStatus: 'enable' });
      await update({ serviceName: 'electricity', serviceStatus: true });
    }
    expect((await status()).services.every((s) => s.isOpen)).toBe(true);
  });
});
