import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories/user.factory.ts';
import { startFastLoops } from '../../test/helpers/background-loops.ts';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { createTestDatabase } from '../../test/helpers/test-db.ts';
import { createApp } from '../app.ts';
import { ledgerAccounts, settings, transactions } from '../db/schema/index.ts';
import { runLedgerCheck } from '../modules/ledger/ledger-check.service.ts';
import { reconcileOnce } from '../modules/vending/reconciler.ts';
import { deliverDueWebhooks } from '../modules/webhooks/webhook-delivery.ts';
import { scrapeMetrics, samplesOf, valueOf, type Scrape } from './metrics.test-helpers.ts';

/**
 * GET /metrics on the real app: absent without METRICS_TOKEN, refused without the right bearer
 * token, and with it the Prometheus text format carrying what the app did (requests by route
 * template, purchases, refunds, settle times, webhook failures) and what the database holds at
 * the scrape (unsettled purchases, the suppliers' last hour, the webhook backlog, the ledger
 * check), the suppliers' floats, the loops' ages and, on PostgreSQL, the pool.
 */

const TOKEN = 'metrics-test-token-0123456789';
const ON_POSTGRES = inject('dbTemplate').kind === 'pg';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    METRICS_TOKEN: TOKEN,
    PROCESSING_GRACE_SECONDS: '1',
    RECONCILE_RETRY_SECONDS: '1',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
  });
});
afterAll(async () => {
  await t?.close();
});

const scrape = (): Promise<Scrape> => scrapeMetrics(t, TOKEN);

const buyData = (user: TestUser, phone: string) =>
  t
    .request()
    .post('/api/v1/buy/data')
    .set('x-auth-token', user.token)
    .send({ network: 1, mobile_number: phone, plan: '2' });

describe('GET /metrics, guarded', () => {
  it('is absent (404) when METRICS_TOKEN is unset, with or without a token', async () => {
    const plain = createApp({ ...t.ctx, config: { ...t.ctx.config, metricsToken: undefined } });
    expect((await supertest(plain).get('/metrics')).status).toBe(404);
    const res = await supertest(plain).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ msg: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers 401 without a bearer token and 403 with a wrong one, revealing nothing', async () => {
    const none = await t.request().get('/metrics');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.text).not.toMatch(/vendo_/);
    const basic = await t.request().get('/metrics').set('Authorization', `Basic ${TOKEN}`);
    expect(basic.status).toBe(401);
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'x', `${TOKEN} ${TOKEN}`]) {
      const res = await t.request().get('/metrics').set('Authorization', `Bearer ${wrong}`);
      expect(res.status, wrong).toBeGreaterThanOrEqual(401);
      expect(res.status, wrong).toBeLessThanOrEqual(403);
      expect(res.text).not.toMatch(/vendo_/);
    }
    const scheme = await t.request().get('/metrics').set('Authorization', `bearer ${TOKEN}`);
    expect(scheme.status).toBe(200);
  });

  it('answers the text format with the process defaults, no-store', async () => {
    const res = await t.request().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const s = await scrape();
    expect(s.types.get('process_cpu_seconds_total')).toBe('counter');
    expect(s.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(valueOf(s, 'vendo_metrics_db_up')).toBe(1);
    expect(valueOf(s, 'vendo_purchase_pending_sla_seconds')).toBe(1800);
    expect(valueOf(s, 'vendo_supplier_float_low_naira')).toBe(10_000);
    expect(valueOf(s, 'vendo_ledger_check_interval_seconds')).toBe(3600);
  });
});

describe('HTTP requests', () => {
  it('are labelled by route template and status, never by the raw path', async () => {
    const user = await createUser(t.ctx);
    const id = '0b9f0b33-3c8e-4bd4-9a4a-7a0a1f4a2d6e';
    for (let i = 0; i < 2; i++) {
      const res = await t
        .request()
        .get(`/api/v1/transaction/${id}`)
        .set('x-auth-token', user.token);
      expect(res.status).toBe(404);
    }
    expect((await t.request().get(`/api/v1/transaction/${id}`)).status).toBe(401);
    expect((await t.request().get(`/api/v1/no-such-${id}`)).status).toBe(404);
    const s = await scrape();
    const route = '/api/v1/transaction/{id}';
    expect(valueOf(s, 'vendo_http_requests_total', { method: 'GET', route, status: '404' })).toBe(
      2,
    );
    expect(valueOf(s, 'vendo_http_requests_total', { method: 'GET', route, status: '401' })).toBe(
      1,
    );
    expect(valueOf(s, 'vendo_http_request_duration_seconds_count', { route, status: '404' })).toBe(
      2,
    );
    expect(
      valueOf(s, 'vendo_http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(s.text).not.toContain(id);
    // Scrapes are not counted: they would be most of the requests.
    expect(samplesOf(s, 'vendo_http_requests_total', { route: '/metrics' })).toEqual([]);
  });
});

describe('purchases', () => {
  it('counts each by product, network, supplier and first outcome; pending ones show until settled', async () => {
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const labels = { product: 'data', network: 'MTN', supplier: 'ALARO' };
    expect((await buyData(user, '08031234567')).status).toBe(200);
    expect((await buyData(user, '08031230000')).status).toBe(400);
    const pending = await buyData(user, '08031231111');
    expect(pending.status).toBe(202);

    let s = await scrape();
    expect(valueOf(s, 'vendo_purchases_total', { ...labels, outcome: 'success' })).toBe(1);
    expect(valueOf(s, 'vendo_purchases_total', { ...labels, outcome: 'refunded' })).toBe(1);
    expect(valueOf(s, 'vendo_purchases_total', { ...labels, outcome: 'pending' })).toBe(1);
    expect(valueOf(s, 'vendo_refunds_total', { cause: 'supplier_failed' })).toBe(1);
    const settled = { product: 'data', supplier: 'ALARO' };
    expect(
      valueOf(s, 'vendo_purchase_settle_seconds_count', { ...settled, outcome: 'success' }),
    ).toBe(1);
    expect(
      valueOf(s, 'vendo_purchase_settle_seconds_count', { ...settled, outcome: 'refunded' }),
    ).toBe(1);
    expect(valueOf(s, 'vendo_purchases_pending')).toBe(1);
    expect(valueOf(s, 'vendo_purchases_pending_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    // The last hour at ALARO: one delivered of two settled (the pending one is not counted yet).
    expect(valueOf(s, 'vendo_supplier_settled_last_hour', { supplier: 'ALARO' })).toBe(2);
    expect(valueOf(s, 'vendo_supplier_success_ratio', { supplier: 'ALARO' })).toBe(0.5);

    // The reconciler settles it: its debit-to-final time is observed, and nothing is pending.
    const reference = pending.body.receipt.trans_Id as string;
    for (let i = 0; i < 40; i++) {
      const [row] = await t.ctx.db
        .select({ status: transactions.status })
        .from(transactions)
        .where(eq(transactions.reference, reference));
      if (row?.status === 'success') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
      await t.ctx.db
        .update(transactions)
        .set({ nextCheckAt: sql`now() - interval '1 second'` })
        .where(eq(transactions.reference, reference));
      await reconcileOnce(t.ctx);
    }
    s = await scrape();
    expect(
      valueOf(s, 'vendo_purchase_settle_seconds_count', { ...settled, outcome: 'success' }),
    ).toBe(2);
    expect(valueOf(s, 'vendo_purchases_pending')).toBe(0);
    expect(valueOf(s, 'vendo_purchases_pending_oldest_age_seconds')).toBeUndefined();
    expect(valueOf(s, 'vendo_supplier_success_ratio', { supplier: 'ALARO' })).toBeCloseTo(2 / 3);
    // The first answer stays what the buyer was told.
    expect(valueOf(s, 'vendo_purchases_total', { ...labels, outcome: 'pending' })).toBe(1);
  });

  it('counts refunds of delivered purchases by cause, without a second settle time', async () => {
    const admin = await createUser(t.ctx, { isAdmin: true });
    const user = await createUser(t.ctx, { balanceKobo: 5_000_00 });
    const settledCount = async () =>
      samplesOf(await scrape(), 'vendo_purchase_settle_seconds_count').reduce(
        (sum, x) => sum + x.value,
        0,
      );
    // 6666: delivered, then the supplier reverses it; a staff re-query finds that.
    const reversed = await buyData(user, '08031236666');
    expect(reversed.status).toBe(200);
    const delivered = await buyData(user, '08031234567');
    expect(delivered.status).toBe(200);
    const before = await settledCount();
    const requery = await t
      .request()
      .post(`/api/v1/admin/requery/${reversed.body.receipt._id as string}`)
      .set('x-auth-token', admin.token);
    expect(requery.body.status).toBe('refunded');
    const refund = await t
      .request()
      .post(`/api/v1/admin/refund/${delivered.body.receipt._id as string}`)
      .set('x-auth-token', admin.token)
      .send({ reason: 'Customer never got it; checked with MTN' });
    expect(refund.status).toBe(200);
    const s = await scrape();
    expect(valueOf(s, 'vendo_refunds_total', { cause: 'supplier_reversal' })).toBe(1);
    expect(valueOf(s, 'vendo_refunds_total', { cause: 'staff_reversal' })).toBe(1);
    expect(await settledCount()).toBe(before);
  });

  it('shows each supplier’s float from its account page, in naira', async () => {
    const s = await scrape();
    for (const supplier of ['ALARO', 'GLAD']) {
      const float = valueOf(s, 'vendo_supplier_float_naira', { supplier });
      expect(float, supplier).toBeGreaterThan(4_000_000);
      expect(float, supplier).toBeLessThanOrEqual(5_000_000);
    }
  });
});

describe('webhooks', () => {
  it('shows the backlog and counts failed deliveries', async () => {
    const receiver = http.createServer((_req, res) => res.writeHead(500).end('down'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const user = await createUser(t.ctx, { userType: 'api user', balanceKobo: 5_000_00 });
      const saved = await t
        .request()
        .post('/api/v1/auth/updateWebhook')
        .set('x-auth-token', user.token)
        .send({ webhookUrl: `http://127.0.0.1:${port}/hook` });
      expect(saved.status).toBe(200);
      expect((await buyData(user, '08031234567')).status).toBe(200);
      let s = await scrape();
      expect(valueOf(s, 'vendo_webhook_backlog')).toBe(1);
      expect(valueOf(s, 'vendo_webhook_backlog_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(valueOf(s, 'vendo_webhook_delivery_failures_total')).toBe(0);
      expect(await deliverDueWebhooks(t.ctx)).toBe(1);
      s = await scrape();
      expect(valueOf(s, 'vendo_webhook_delivery_failures_total')).toBe(1);
      // Retried later: still in the backlog.
      expect(valueOf(s, 'vendo_webhook_backlog')).toBe(1);
    } finally {
      receiver.close();
    }
  });
});

describe('the ledger check and the loops', () => {
  it('shows the last ledger check: none yet, then ok, then a violation', async () => {
    await t.ctx.db.delete(settings).where(eq(settings.key, 'ledger_check'));
    let s = await scrape();
    expect(valueOf(s, 'vendo_ledger_check_ok')).toBeUndefined();
    expect(s.types.get('vendo_ledger_check_ok')).toBe('gauge');

    const before = Date.now() / 1000;
    await runLedgerCheck(t.ctx, { intervalSeconds: 0 });
    s = await scrape();
    expect(valueOf(s, 'vendo_ledger_check_ok')).toBe(1);
    expect(valueOf(s, 'vendo_ledger_check_violated_invariants')).toBe(0);
    const ranAt = valueOf(s, 'vendo_ledger_check_last_run_timestamp_seconds')!;
    expect(Math.abs(ranAt - before)).toBeLessThan(30);

    // A wallet's balance changed in SQL, with no journal.
    const victim = await createUser(t.ctx, { balanceKobo: 1_000_00 });
    const tamper = (kobo: number) =>
      t.ctx.db
        .update(ledgerAccounts)
        .set({ balanceKobo: sql`${ledgerAccounts.balanceKobo} + ${kobo}` })
        .where(and(eq(ledgerAccounts.userId, victim.id), eq(ledgerAccounts.kind, 'user_main')));
    await tamper(5_00);
    try {
      await runLedgerCheck(t.ctx, { intervalSeconds: 0 });
      s = await scrape();
      expect(valueOf(s, 'vendo_ledger_check_ok')).toBe(0);
      expect(valueOf(s, 'vendo_ledger_check_violated_invariants')).toBeGreaterThanOrEqual(1);
    } finally {
      await tamper(-5_00);
    }
  });

  it('shows each running loop’s time since its last good pass, and drops it when stopped', async () => {
    let s = await scrape();
    expect(samplesOf(s, 'vendo_loop_last_success_age_seconds')).toEqual([]);
    const loops = startFastLoops(t.ctx);
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      s = await scrape();
      expect(valueOf(s, 'vendo_loop_interval_seconds', { loop: 'reconciler' })).toBe(0.05);
      const age = valueOf(s, 'vendo_loop_last_success_age_seconds', { loop: 'reconciler' });
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(0.4);
    } finally {
      await loops.stop();
    }
    s = await scrape();
    expect(samplesOf(s, 'vendo_loop_last_success_age_seconds', { loop: 'reconciler' })).toEqual([]);
  });
});

describe('the database', () => {
  it.runIf(ON_POSTGRES)('shows the pool on PostgreSQL', async () => {
    const s = await scrape();
    expect(valueOf(s, 'vendo_db_pool_max')).toBe(20);
    expect(valueOf(s, 'vendo_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(valueOf(s, 'vendo_db_pool_waiting')).toBe(0);
  });

  it.runIf(!ON_POSTGRES)(
    'has no pool series on the embedded database (one connection)',
    async () => {
      const s = await scrape();
      expect(valueOf(s, 'vendo_db_pool_in_use')).toBeUndefined();
      expect(s.types.get('vendo_db_pool_in_use')).toBe('gauge');
    },
  );

  it('still answers with the database gone: its gauges left out, vendo_metrics_db_up 0', async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const app = createApp({ ...t.ctx, db: gone.db });
    const res = await supertest(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^vendo_metrics_db_up 0$/m);
    expect(res.text).not.toMatch(/^vendo_purchases_pending /m);
    expect(res.text).toMatch(/^vendo_supplier_float_naira\{supplier="ALARO"\} /m);
  });
});
