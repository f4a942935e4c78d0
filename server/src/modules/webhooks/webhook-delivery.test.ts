import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import {
  ZWebhookDeliveriesResponse,
  ZWebhookEventBody,
} from '@vendo/shared/schemas/webhooks.responses';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../app-context.ts';
import { users, webhookEvents } from '../../db/schema/index.ts';
import { deliverDueWebhooks } from './webhook-delivery.ts';
import {
  apiUserHookedTo,
  buyData,
  deliverUntil,
  eventsOf,
  post,
  sleep,
  startReceiver,
  t,
  useWebhookTestApp,
  verifies,
} from './webhook-delivery.test-helpers.ts';

useWebhookTestApp();

describe('webhook delivery', () => {
  it('signs each event with the documented recipe and sends the receipt GET /transaction shows', async () => {
    const receiver = await startReceiver();
    try {
      const { user, secret } = await apiUserHookedTo(receiver.url);
      const receipt = await buyData(user);
      expect(await deliverDueWebhooks(t.ctx)).toBe(1);
      expect(receiver.received).toHaveLength(1);
      const [first] = receiver.received;
      expect(first!.headers['content-type']).toBe('application/json');
      expect(verifies(secret, first!)).toBe(true);
      expect(verifies(`${secret}x`, first!)).toBe(false);
      expect(verifies(secret, { ...first!, body: first!.body.replace('success', 'failed') })).toBe(
        false,
      );
      const timestamp = Number(first!.headers['vendo-webhook-timestamp']);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);

      const body = JSON.parse(first!.body) as Record<string, unknown>;
      expect(ZWebhookEventBody.parse(body)).toEqual(body);
      const [event] = await eventsOf(user);
      expect(first!.headers['vendo-webhook-id']).toBe(event!.id);
      const shown = await t
        .request()
        .get(`/api/v1/transaction/${receipt._id}`)
        .set('x-auth-token', user.token);
      expect(body).toEqual({
        id: event!.id,
        type: 'transaction.success',
        created_at: event!.createdAt.toISOString(),
        receipt: shown.body.transaction,
      });
      expect(event).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });

      // After a rotation, events are signed with the new secret only.
      const rotated = (await post('/api/v1/auth/webhookSecret', user)).body.webhookSecret as string;
      await buyData(user, '08031234500');
      await deliverDueWebhooks(t.ctx);
      expect(receiver.received).toHaveLength(2);
      expect(verifies(rotated, receiver.received[1]!)).toBe(true);
      expect(verifies(secret, receiver.received[1]!)).toBe(false);
      expect(await t.ledgerViolations()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('retries a receiver that fails 3 times with growing waits: 4 deliveries, 4 attempts logged', async () => {
    const receiver = await startReceiver((n) => ({ status: [500, 503, 500][n - 1] ?? 200 }));
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyData(user);
      await deliverUntil(async () => (await eventsOf(user))[0]?.status === 'delivered');
      expect(receiver.received).toHaveLength(4);
      const ids = new Set(receiver.received.map((r) => r.headers['vendo-webhook-id']));
      const bodies = new Set(receiver.received.map((r) => r.body));
      expect(ids.size).toBe(1);
      expect(bodies.size).toBe(1);
      // Waits of at least 20, 40 and 80 ms (the tests' backoff; 30 s, 1 min, 2 min by default).
      const gaps = receiver.received.slice(1).map((r, i) => r.at - receiver.received[i]!.at);
      expect(gaps[0]).toBeGreaterThanOrEqual(15);
      expect(gaps[1]).toBeGreaterThanOrEqual(35);
      expect(gaps[2]).toBeGreaterThanOrEqual(75);

      const log = await t
        .request()
        .get('/api/v1/auth/webhookDeliveries')
        .set('x-auth-token', user.token);
      expect(ZWebhookDeliveriesResponse.parse(log.body)).toEqual(log.body);
      const [event] = log.body.events as {
        status: string;
        attempts: number;
        deliveries: { attempt: number; statusCode: number; error: string | null }[];
      }[];
      expect(event).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200 });
      expect(event!.deliveries.map((d) => [d.attempt, d.statusCode, d.error])).toEqual([
        [4, 200, null],
        [3, 500, 'answered 500'],
        [2, 503, 'answered 503'],
        [1, 500, 'answered 500'],
      ]);
      expect(await t.ledgerViolations()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('does not follow a redirect: the attempt fails and the other address gets nothing', async () => {
    const elsewhere = await startReceiver();
    const receiver = await startReceiver(() => ({
      status: 302,
      headers: { location: elsewhere.url },
    }));
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyData(user);
      await deliverDueWebhooks(t.ctx);
      expect(receiver.received).toHaveLength(1);
      await sleep(100);
      expect(elsewhere.received).toHaveLength(0);
      const [event] = await eventsOf(user);
      expect(event).toMatchObject({
        status: 'pending',
        lastStatusCode: 302,
        lastError: `redirect to ${elsewhere.url} not followed`,
      });
    } finally {
      await receiver.close();
      await elsewhere.close();
    }
  });

  it('refuses private targets again at send, after resolving the name', async () => {
    const receiver = await startReceiver();
    // The SSRF rules on (plain http still allowed, so the receiver could be reached otherwise).
    const strict: AppContext = {
      ...t.ctx,
      config: {
        ...t.ctx.config,
        webhooks: { ...t.ctx.config.webhooks, allowPrivateTargets: false },
      },
    };
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      // Saved while it resolved elsewhere; this machine's name resolves to a loopback address now.
      const rebound = `http://${os.hostname()}:${receiver.port}/hook`;
      await t.ctx.db.update(users).set({ webhookUrl: rebound }).where(eq(users.id, user.id));
      await buyData(user);
      expect(await deliverDueWebhooks(strict)).toBe(1);
      let [event] = await eventsOf(user);
      expect(event!.lastError).toMatch(
        new RegExp(`^refused: ${os.hostname()} resolves to .*, a local or private address$`),
      );
      await t.ctx.db.update(users).set({ webhookUrl: receiver.url }).where(eq(users.id, user.id));
      await t.ctx.db
        .update(webhookEvents)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(webhookEvents.id, event!.id));
      await deliverDueWebhooks(strict);
      [event] = await eventsOf(user);
      expect(event!.lastError).toBe(
        'This webhook URL points to a local or private network address. Please use a public https URL.',
      );
      expect(receiver.received).toHaveLength(0);

      // The same event, with the rules relaxed, reaches the receiver: it was the rule that refused.
      await t.ctx.db
        .update(webhookEvents)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(webhookEvents.id, event!.id));
      await deliverDueWebhooks(t.ctx);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after the retry window; a manual resend sends it again', async () => {
    let up = false;
    const receiver = await startReceiver(() => ({ status: up ? 200 : 500 }));
    try {
      const { user } = await apiUserHookedTo(receiver.url);
      await buyData(user);
      const [created] = await eventsOf(user);
      // Almost a day old: the next retry would fall after the window.
      await t.ctx.db
        .update(webhookEvents)
        .set({ createdAt: sql`now() - interval '86399.99 seconds'` })
        .where(eq(webhookEvents.id, created!.id));
      await deliverDueWebhooks(t.ctx);
      let [event] = await eventsOf(user);
      expect(event).toMatchObject({ status: 'failed', nextAttemptAt: null, attempts: 1 });
      await deliverDueWebhooks(t.ctx);
      expect(receiver.received).toHaveLength(1);

      up = true;
      const resent = await post(`/api/v1/auth/webhookEvents/${event!.id}/resend`, user);
      expect(resent.status).toBe(200);
      await deliverDueWebhooks(t.ctx);
      [event] = await eventsOf(user);
      expect(event).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});
