import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import {
  ZWebhookDeliveriesResponse,
  ZWebhookEventBody,
} from '@vendo/shared/schemas/webhooks.responses';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import type { AppContext } from '../../app-context.ts';
import { createApp } from '../../app.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { users, webhookDeliveries, webhookEvents } from '../../db/schema/index.ts';
import { startBackgroundJobs } from '../../jobs/background-jobs.ts';
import { deliverDueWebhooks } from './webhook-delivery.ts';
import { claimDueWebhookEvents } from './webhooks.repository.ts';

/**
 * Deliveries go to receivers on 127.0.0.1 over http, which the SSRF rules forbid: this app allows
 * both (WEBHOOK_ALLOW_PRIVATE_TARGETS, WEBHOOK_ALLOW_HTTP), except where a test turns them off.
 * Retries wait 20, 40, 80, 100 … ms instead of 30 s, 1 min …
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_RETRY_MAX_MS: '100',
    WEBHOOK_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await t?.close();
});
// Each test sees only its own events: whatever one leaves pending is closed after it.
afterEach(async () => {
  await t.ctx.db
    .update(webhookEvents)
    .set({ status: 'failed', nextAttemptAt: null })
    .where(eq(webhookEvents.status, 'pending'));
});

type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };
type Answer = { status: number; headers?: Record<string, string>; delayMs?: number };

/** A customer's endpoint: records every request, answers as told (200 by default). */
const startReceiver = async (answer: (n: number) => Answer = () => ({ status: 200 })) => {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const reply = answer(received.length);
      setTimeout(() => {
        res.writeHead(reply.status, reply.headers);
        res.end('thanks');
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

const post = (path: string, user: TestUser, body: object = {}) =>
  t.request().post(path).set('x-auth-token', user.token).send(body);

/** An API user with money and a webhook URL; answers the secret shown when it was saved. */
const apiUserHookedTo = async (url: string) => {
  const user = await createUser(t.ctx, { userType: 'api user', balanceKobo: 20_000_00 });
  const saved = await post('/api/v1/auth/updateWebhook', user, { webhookUrl: url });
  expect(saved.status).toBe(200);
  return { user, secret: saved.body.webhookSecret as string };
};

const buyData = async (user: TestUser, phone = '08031234567') => {
  const res = await post('/api/v1/buy/data', user, { network: 1, mobile_number: phone, plan: '2' });
  expect(res.status).toBe(200);
  return res.body.receipt as { _id: string; trans_Id: string };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs delivery passes until `done` holds (or gives up after `tries`). */
const deliverUntil = async (done: () => Promise<boolean> | boolean, ctx = t.ctx, tries = 100) => {
  for (let i = 0; i < tries && !(await done()); i++) {
    await deliverDueWebhooks(ctx);
    await sleep(10);
  }
};

const eventsOf = (user: TestUser) =>
  t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.userId, user.id));

/** The customer's check, as README "Webhooks" tells them to write it. */
const verifies = (secret: string, received: Received): boolean => {
  const timestamp = String(received.headers['vendo-webhook-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
  const given = Buffer.from(String(received.headers['vendo-webhook-signature']));
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
};

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

/** Another server process on the same database: on PostgreSQL its own pool. */
const openOtherPool = (): Database | null => {
  const template = inject('dbTemplate');
  return template.kind === 'pg'
    ? openPostgres(databaseUrlFor(template.adminUrl, t.databaseName), { poolSize: 4 })
    : null;
};

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
