import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index.ts';
import { startBackgroundJobs } from '../../jobs/background-jobs.ts';
import { deliverDueWebhooks } from './webhook-delivery.ts';
import { pruneWebhookEvents } from './webhooks.repository.ts';
import {
  apiUserHookedTo,
  buyData,
  deliverUntil,
  eventsOf,
  sleep,
  startReceiver,
  t,
  useWebhookTestApp,
} from './webhook-delivery.test-helpers.ts';

useWebhookTestApp();

const withWebhooks = (settings: Partial<AppContext['config']['webhooks']>): AppContext => ({
  ...t.ctx,
  config: { ...t.ctx.config, webhooks: { ...t.ctx.config.webhooks, ...settings } },
});

const buyMany = async (user: Parameters<typeof buyData>[0], n: number, from: number) => {
  for (let i = 0; i < n; i++) await buyData(user, `0803${String(from + i).padStart(7, '0')}`);
};

/** Sets an event's status and age (days ago) as the retention test needs it. */
const age = (id: string, status: string, daysAgo: number) =>
  t.ctx.db
    .update(webhookEvents)
    .set({
      status,
      nextAttemptAt: status === 'pending' ? sql`now()` : null,
      createdAt: sql`now() - make_interval(days => ${daysAgo})`,
    })
    .where(eq(webhookEvents.id, id));

const attemptsOf = async (ids: string[]) =>
  (await t.ctx.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, ids)))
    .length;

describe('webhook delivery at volume', () => {
  it('a pass claims batch after batch until one comes back short, each event sent once', async () => {
    const receiver = await startReceiver();
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyMany(user, 7, 3_000_001);
      // Batches of 2, at most 3 claims: 6 events.
      expect(await deliverDueWebhooks(t.ctx, { limit: 2, maxClaims: 3 })).toBe(6);
      expect(receiver.received).toHaveLength(6);
      // The rest: one event, then a claim that finds nothing ends the pass.
      expect(await deliverDueWebhooks(t.ctx, { limit: 2, maxClaims: 10 })).toBe(1);
      const ids = receiver.received.map((r) => String(r.headers['vendo-webhook-id']));
      expect(new Set(ids).size).toBe(7);
      const events = await eventsOf(user);
      expect(events.every((e) => e.status === 'delivered' && e.attempts === 1)).toBe(true);
      expect(await attemptsOf(events.map((e) => e.id))).toBe(7);
    } finally {
      await receiver.close();
    }
  });

  it('never sends an event whose lease would end before its send could: it waits for the lease', async () => {
    const receiver = await startReceiver();
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyData(user);
      // A lease shorter than one send's time limit: the worker claims the event but keeps off it.
      expect(await deliverDueWebhooks(withWebhooks({ leaseSeconds: 1, timeoutMs: 2000 }))).toBe(1);
      expect(receiver.received).toHaveLength(0);
      const [held] = await eventsOf(user);
      expect(held).toMatchObject({ status: 'pending', attempts: 1 });
      expect(held!.claimedUntil).not.toBeNull();
      // Once the lease ends, a worker with a sound lease sends it.
      await sleep(1100);
      expect(await deliverDueWebhooks(t.ctx)).toBe(1);
      expect(receiver.received).toHaveLength(1);
      expect(await eventsOf(user)).toMatchObject([{ status: 'delivered', attempts: 2 }]);
    } finally {
      await receiver.close();
    }
  });

  it('an event whose receipt cannot be written is a failed attempt, retried and logged', async () => {
    const receiver = await startReceiver();
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyData(user);
      const [event] = await eventsOf(user);
      await t.ctx.db
        .update(webhookEvents)
        .set({ snapshot: sql`${webhookEvents.snapshot} || '{"amount_kobo": -1}'::jsonb` })
        .where(eq(webhookEvents.id, event!.id));
      await deliverDueWebhooks(t.ctx);
      expect(receiver.received).toHaveLength(0);
      const [after] = await eventsOf(user);
      expect(after).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      expect(after!.lastError).toMatch(/could not be written/);
      expect(after!.claimedUntil).toBeNull();
      expect(after!.nextAttemptAt!.getTime()).toBeGreaterThan(event!.createdAt.getTime());
      expect(await attemptsOf([event!.id])).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhook retention', () => {
  it('deletes finished events older than the retention with their attempts, in bounded batches', async () => {
    const receiver = await startReceiver();
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyMany(user, 7, 3_100_001);
      await deliverUntil(async () => (await eventsOf(user)).every((e) => e.status !== 'pending'));
      const ids = (await eventsOf(user)).map((e) => e.id).sort();
      expect(ids).toHaveLength(7);
      expect(await attemptsOf(ids)).toBe(7);
      const [oldDelivered1, oldDelivered2, oldDelivered3, oldFailed, recent, oldPending, edge] =
        ids as [string, string, string, string, string, string, string];
      await age(oldDelivered1, 'delivered', 31);
      await age(oldDelivered2, 'delivered', 45);
      await age(oldDelivered3, 'delivered', 400);
      await age(oldFailed, 'failed', 31);
      await age(recent, 'delivered', 29);
      await age(oldPending, 'pending', 90);
      await age(edge, 'delivered', 30);
      // `edge` is 30 days old by now() of that statement: a few ms more than 30 days now.

      // Bounded: the oldest two first.
      expect(await pruneWebhookEvents(t.ctx.db, { keepDays: 30, limit: 2 })).toBe(2);
      let left = (await eventsOf(user)).map((e) => e.id);
      expect(left).not.toContain(oldDelivered3);
      expect(left).not.toContain(oldDelivered2);
      expect(await attemptsOf([oldDelivered2, oldDelivered3])).toBe(0);

      expect(await pruneWebhookEvents(t.ctx.db, { keepDays: 30, limit: 1000 })).toBe(3);
      left = (await eventsOf(user)).map((e) => e.id).sort();
      expect(left).toEqual([recent, oldPending].sort());
      expect(await attemptsOf(left)).toBe(2);
      expect(await attemptsOf([oldDelivered1, oldFailed, edge])).toBe(0);
      expect(await pruneWebhookEvents(t.ctx.db, { keepDays: 30, limit: 1000 })).toBe(0);

      // The pending one is still sent.
      await deliverDueWebhooks(t.ctx);
      expect(receiver.received).toHaveLength(8);
    } finally {
      await receiver.close();
    }
  });

  it('the background jobs prune with WEBHOOK_RETENTION_DAYS', async () => {
    const receiver = await startReceiver();
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyMany(user, 2, 3_200_001);
      await deliverUntil(async () => (await eventsOf(user)).every((e) => e.status !== 'pending'));
      const [older, newer] = (await eventsOf(user)).map((e) => e.id) as [string, string];
      await age(older, 'delivered', 8);
      await age(newer, 'delivered', 6);
      const ctx: AppContext = {
        ...withWebhooks({ retentionDays: 7, intervalMs: 0 }),
        config: {
          ...withWebhooks({ retentionDays: 7, intervalMs: 0 }).config,
          vending: { ...t.ctx.config.vending, reconcileIntervalMs: 50 },
          ledgerCheckIntervalSeconds: 0,
        },
      };
      const jobs = startBackgroundJobs(ctx);
      try {
        for (let i = 0; i < 100 && (await eventsOf(user)).length > 1; i++) await sleep(50);
      } finally {
        await jobs.stop();
      }
      expect((await eventsOf(user)).map((e) => e.id)).toEqual([newer]);
    } finally {
      await receiver.close();
    }
  });
});
