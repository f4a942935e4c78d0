import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories/user.factory.ts';
import type { AppContext } from '../../app-context.ts';
import { createApp } from '../../app.ts';
import { type Database } from '../../db/client.ts';
import { users, webhookDeliveries, webhookEvents } from '../../db/schema/index.ts';
import { startBackgroundJobs } from '../../jobs/background-jobs.ts';
import { deliverDueWebhooks } from './webhook-delivery.ts';
import { claimDueWebhookEvents } from './webhooks.repository.ts';
import {
  apiUserHookedTo,
  buyData,
  eventsOf,
  openOtherPool,
  sleep,
  startReceiver,
  t,
  useWebhookTestApp,
} from './webhook-delivery.test-helpers.ts';

useWebhookTestApp();

describe('webhook delivery across server processes', () => {
  it('two workers racing deliver each event once', async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 20 }));
    const other = openOtherPool();
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      for (let i = 0; i < 12; i++) await buyData(user, `080312450${String(10 + i)}`);
      expect(await eventsOf(user)).toHaveLength(12);
      const second: AppContext = { ...t.ctx, db: other?.db ?? t.ctx.db };
      const worker = async (ctx: AppContext) => {
        for (let i = 0; i < 50; i++) {
          const pending = await ctx.db
            .select({ id: webhookEvents.id })
            .from(webhookEvents)
            .where(eq(webhookEvents.status, 'pending'));
          if (pending.length === 0) return;
          await deliverDueWebhooks(ctx, { limit: 3 });
        }
      };
      await Promise.all([worker(t.ctx), worker(second), worker(t.ctx), worker(second)]);
      const ids = receiver.received.map((r) => String(r.headers['vendo-webhook-id']));
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      const events = await eventsOf(user);
      expect(events.every((e) => e.status === 'delivered' && e.attempts === 1)).toBe(true);
      const [{ n }] = (await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(
          sql`${webhookDeliveries.eventId} in (select id from webhook_events where user_id = ${user.id}::uuid)`,
        )) as [{ n: number }];
      expect(n).toBe(12);
    } finally {
      await other?.close();
      await receiver.close();
    }
  });

  it('concurrent claims from two processes never hand one event to two workers', async () => {
    const other = openOtherPool();
    try {
      const user = await createUser(t.ctx, { userType: 'api user', balanceKobo: 20_000_00 });
      await t.ctx.db
        .update(users)
        .set({ webhookUrl: 'http://127.0.0.1:9/never-sent' })
        .where(eq(users.id, user.id));
      for (let i = 0; i < 16; i++) await buyData(user, `080312460${String(10 + i)}`);
      const pools = [t.ctx.db, other?.db ?? t.ctx.db];
      const claims = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          claimDueWebhookEvents(pools[i % 2]!, { limit: 2, leaseSeconds: 60 }),
        ),
      );
      const ids = claims.flat().map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(16);
    } finally {
      await other?.close();
    }
  });

  it('a server closed between the state change and the delivery: a new one delivers the event', async () => {
    const receiver = await startReceiver();
    const first = openOtherPool();
    let second: Database | null = null;
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      // The first server takes the purchase, then stops before its delivery loop ran.
      const firstApp = createApp({ ...t.ctx, db: first?.db ?? t.ctx.db });
      const server = await new Promise<http.Server>((resolve) => {
        const s = firstApp.listen(0, '127.0.0.1', () => resolve(s));
      });
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/buy/data`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-auth-token': user.token },
          body: JSON.stringify({ network: 1, mobile_number: '08031234567', plan: '2' }),
        },
      );
      expect(res.status).toBe(200);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await first?.close();
      expect(await eventsOf(user)).toMatchObject([{ status: 'pending', attempts: 0 }]);
      expect(receiver.received).toHaveLength(0);

      // A new server process on the same database: its background loop sends the event.
      second = openOtherPool();
      const ctx: AppContext = {
        ...t.ctx,
        db: second?.db ?? t.ctx.db,
        config: { ...t.ctx.config, webhooks: { ...t.ctx.config.webhooks, intervalMs: 50 } },
      };
      const loop = startBackgroundJobs(ctx);
      for (let i = 0; i < 100 && receiver.received.length === 0; i++) await sleep(50);
      await loop.stop();
      expect(receiver.received).toHaveLength(1);
      expect(await eventsOf(user)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
    } finally {
      await second?.close();
      await receiver.close();
    }
  });

  it('an event a stopped worker had claimed is sent by another once its lease ends', async () => {
    const receiver = await startReceiver();
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyData(user);
      // A worker claims the event for 1 s and dies before sending it.
      const [claimed] = await claimDueWebhookEvents(t.ctx.db, { limit: 10, leaseSeconds: 1 });
      expect(claimed!.userId).toBe(user.id);
      expect(await deliverDueWebhooks(t.ctx)).toBe(0);
      await sleep(1100);
      expect(await deliverDueWebhooks(t.ctx)).toBe(1);
      expect(receiver.received).toHaveLength(1);
      expect(await eventsOf(user)).toMatchObject([{ status: 'delivered', attempts: 2 }]);
    } finally {
      await receiver.close();
    }
  });
});
