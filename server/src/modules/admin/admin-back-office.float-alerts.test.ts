import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import { createTestApp } from '../../../test/helpers/test-app.ts';
import { queryRows } from '../../db/query.ts';
import { adminAlerts, auditLog, sandboxSupplierFloats } from '../../db/schema/index.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import {
  admin,
  agent,
  as,
  customers,
  openAlertsOf,
  t,
  useBackOfficeTestApp,
} from './admin-back-office.test-helpers.ts';

useBackOfficeTestApp();

describe('roles', () => {
  it('refuses customers of every tier everywhere, and agents the admin-only routes', async () => {
    await raiseAlert(t.ctx, 'test', 'an alert nobody may acknowledge but an admin');
    const [alert] = await t.ctx.db.select().from(adminAlerts).orderBy(desc(adminAlerts.id));
    for (const user of customers) {
      for (const res of await Promise.all([
        as(user).get('/'),
        as(user).get('/salesChart'),
        as(user).get('/users?search=a'),
        as(user).get('/users.csv'),
        as(user).get('/alerts'),
        as(user).get('/alerts?open=true'),
        as(user).post(`/alerts/${alert!.id}/acknowledge`),
      ])) {
        expect(res.status).toBe(403);
      }
    }
    for (const res of await Promise.all([
      as(agent).get('/'),
      as(agent).get('/salesChart'),
      as(agent).post(`/alerts/${alert!.id}/acknowledge`),
    ])) {
      expect(res.status).toBe(403);
    }
    // Agents may read users (and their CSV) and alerts.
    expect((await as(agent).get('/users.csv')).status).toBe(200);
    expect((await as(agent).get('/alerts?open=true')).status).toBe(200);
    const [after] = await t.ctx.db.select().from(adminAlerts).where(eq(adminAlerts.id, alert!.id));
    expect(after!.acknowledgedAt).toBeNull();
    expect(
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(alert!.id))),
    ).toEqual([]);
  });
});

describe('GET /admin/ supplier float and open alerts', () => {
  it("answers each sandbox supplier's float in naira and the open alert count", async () => {
    const res = await as(admin).get('/');
    expect(res.status).toBe(200);
    const floats = await t.ctx.db.select().from(sandboxSupplierFloats);
    expect(res.body.supplierFloat).toEqual(
      ['ALARO', 'GLAD'].map((supplier) => ({
        supplier,
        balance: (floats.find((f) => f.supplier === supplier)?.balanceKobo ?? 0) / 100,
      })),
    );
    const [{ n }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from admin_alerts where acknowledged_at is null`,
    )) as [{ n: number }];
    expect(res.body.openAlerts).toBe(n);
    const [{ count }] = (await queryRows<{ count: number }>(
      t.ctx.db,
      sql`select count(*)::int as count from transactions`,
    )) as [{ count: number }];
    expect(res.body.totalTransactions).toBe(count);
    const [{ people }] = (await queryRows<{ people: number }>(
      t.ctx.db,
      sql`select count(*)::int as people from users`,
    )) as [{ people: number }];
    expect(res.body.totalUsers).toBe(people);
  });

  it("raises one 'float_low' alert per supplier while it is open, another after it is acknowledged", async () => {
    await t.ctx.db
      .update(sandboxSupplierFloats)
      .set({ balanceKobo: 9_999_99 })
      .where(eq(sandboxSupplierFloats.supplier, 'GLAD'));
    for (let i = 0; i < 3; i++) {
      const res = await as(admin).get('/');
      expect(res.body.supplierFloat).toContainEqual({ supplier: 'GLAD', balance: 9999.99 });
    }
    const open = await openAlertsOf('float_low');
    expect(open.map((a) => a.subject)).toEqual(['GLAD']);
    expect(open[0]!.message).toContain('₦9,999.99');

    const ack = await as(admin).post(`/alerts/${open[0]!.id}/acknowledge`);
    expect(ack.status).toBe(200);
    await as(admin).get('/');
    expect((await openAlertsOf('float_low')).map((a) => a.subject)).toEqual(['GLAD']);
    expect(
      await t.ctx.db.select().from(adminAlerts).where(eq(adminAlerts.kind, 'float_low')),
    ).toHaveLength(2);

    // At the threshold (₦10,000) the float is not low.
    await t.ctx.db
      .update(sandboxSupplierFloats)
      .set({ balanceKobo: 10_000_00 })
      .where(eq(sandboxSupplierFloats.supplier, 'GLAD'));
    const again = await openAlertsOf('float_low');
    await as(admin).post(`/alerts/${again[0]!.id}/acknowledge`);
    await as(admin).get('/');
    expect(await openAlertsOf('float_low')).toEqual([]);
  });

  it('answers balance null with the reason for a supplier that refuses or never answers, quickly', async () => {
    // GLAD: a server that accepts the connection and never answers; ALARO: nothing listening.
    const silent: Server = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const other = await createTestApp({
      GLAD_BASE_URL: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      ALARO_BASE_URL: `http://127.0.0.1:${closedPort}`,
      SUPPLIER_FLOAT_TIMEOUT_MS: '300',
    });
    try {
      const boss = await createUser(other.ctx, { isAdmin: true });
      const started = Date.now();
      const res = await as(boss, other).get('/');
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(res.body.supplierFloat).toEqual([
        {
          supplier: 'ALARO',
          balance: null,
          error: expect.stringContaining('Could not reach ALARO'),
        },
        { supplier: 'GLAD', balance: null, error: 'No answer from GLAD within 300 ms' },
      ]);
      expect(typeof res.body.totalUsers).toBe('number');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
      await other.close();
    }
  });
});

describe('alerts', () => {
  it('lists who acknowledged what and when; open=true lists only open ones', async () => {
    await raiseAlert(t.ctx, 'purchase_sla', 'first');
    await raiseAlert(t.ctx, 'purchase_sla', 'second');
    const [second, first] = await t.ctx.db
      .select()
      .from(adminAlerts)
      .orderBy(desc(adminAlerts.id))
      .limit(2);
    const ack = await as(admin).post(`/alerts/${first!.id}/acknowledge`);
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({
      msg: 'Alert acknowledged',
      alert: expect.objectContaining({
        id: first!.id,
        acknowledgedBy: admin.userName,
        acknowledgedAt: expect.any(String),
      }),
    });

    const all = (await as(agent).get('/alerts')).body.alerts as {
      id: number;
      acknowledgedAt: string | null;
      acknowledgedBy: string | null;
    }[];
    expect(all.find((a) => a.id === first!.id)).toMatchObject({
      acknowledgedBy: admin.userName,
      acknowledgedAt: ack.body.alert.acknowledgedAt,
      resolvedAt: ack.body.alert.acknowledgedAt,
    });
    expect(all.find((a) => a.id === second!.id)).toMatchObject({
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    const open = (await as(admin).get('/alerts?open=true')).body.alerts as { id: number }[];
    expect(open.map((a) => a.id)).toContain(second!.id);
    expect(open.map((a) => a.id)).not.toContain(first!.id);
    expect((await as(admin).get('/alerts?open=false')).body.alerts).toHaveLength(all.length);
    expect((await as(admin).get('/alerts?open=maybe')).status).toBe(400);

    const dashboard = await as(admin).get('/');
    const [{ n }] = (await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from admin_alerts where acknowledged_at is null`,
    )) as [{ n: number }];
    expect(dashboard.body.openAlerts).toBe(n);
    expect(n).toBe(open.length);
  });

  it('acknowledges once, with an audit row; the second time is a 409 and changes nothing', async () => {
    await raiseAlert(t.ctx, 'supplier_mismatch', 'GLAD disagrees');
    const [alert] = await t.ctx.db.select().from(adminAlerts).orderBy(desc(adminAlerts.id));
    const [one, two] = await Promise.all([
      as(admin).post(`/alerts/${alert!.id}/acknowledge`),
      as(admin).post(`/alerts/${alert!.id}/acknowledge`),
    ]);
    expect([one!.status, two!.status].sort()).toEqual([200, 409]);
    const conflict = one!.status === 409 ? one! : two!;
    expect(conflict.body.msg).toBe('This alert has already been acknowledged');
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'alert'), eq(auditLog.targetId, String(alert!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, action: 'alert.acknowledge' });

    expect((await as(admin).post('/alerts/99999999/acknowledge')).status).toBe(404);
    const bad = await as(admin).post('/alerts/abc/acknowledge');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('That alert does not exist');
  });
});
