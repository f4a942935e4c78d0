import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema/index.ts';
import { deliverDueWebhooks } from './webhook-delivery.ts';

/**
 * Deliveries go to receivers on 127.0.0.1 over http, which the SSRF rules forbid: this app allows
 * both (WEBHOOK_ALLOW_PRIVATE_TARGETS, WEBHOOK_ALLOW_HTTP), except where a test turns them off.
 * Retries wait 20, 40, 80, 100 … ms instead of 30 s, 1 min …
 */
export let t: TestApp;

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };

export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number };

/** A customer's endpoint: records every request, answers as told (200 by default). */
export const startReceiver = async (answer: (n: number) => Answer = () => ({ status: 200 })) => {
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

export const post = (path: string, user: TestUser, body: object = {}) =>
  t.request().post(path).set('x-auth-token', user.token).send(body);

/** An API user with money and a webhook URL; answers the secret shown when it was saved. */
export const apiUserHookedTo = async (url: string) => {
  const user = await createUser(t.ctx, { userType: 'api user', balanceKobo: 20_000_00 });
  const saved = await post('/api/v1/auth/updateWebhook', user, { webhookUrl: url });
  expect(saved.status).toBe(200);
  return { user, secret: saved.body.webhookSecret as string };
};

export const buyData = async (user: TestUser, phone = '08031234567') => {
  const res = await post('/api/v1/buy/data', user, { network: 1, mobile_number: phone, plan: '2' });
  expect(res.status).toBe(200);
  return res.body.receipt as { _id: string; trans_Id: string };
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs delivery passes until `done` holds (or gives up after `tries`). */
export const deliverUntil = async (
  done: () => Promise<boolean> | boolean,
  ctx = t.ctx,
  tries = 100,
) => {
  for (let i = 0; i < tries && !(await done()); i++) {
    await deliverDueWebhooks(ctx);
    await sleep(10);
  }
};

export const eventsOf = (user: TestUser) =>
  t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.userId, user.id));

/** The customer's check, as README "Webhooks" tells them to write it. */
export const verifies = (secret: string, received: Received): boolean => {
  const timestamp = String(received.headers['vendo-webhook-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
  const given = Buffer.from(String(received.headers['vendo-webhook-signature']));
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
};

/** Another server process on the same database: on PostgreSQL its own pool. */
export const openOtherPool = (): Database | null => {
  const template = inject('dbTemplate');
  return template.kind === 'pg'
    ? openPostgres(databaseUrlFor(template.adminUrl, t.databaseName), { poolSize: 4 })
    : null;
};

/** A test app per test file, with the webhook outbox emptied after each test. */
export const useWebhookTestApp = (): void => {
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
};
