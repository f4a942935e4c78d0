import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { adminAlerts, supplierBreakers } from '../../db/schema/index.ts';
import { startBackgroundJobs } from '../../jobs/background-jobs.ts';
import { nextBreakerState, runSupplierHealthCheck } from './supplier-health.ts';
import {
  expectCleanLedger,
  purchase,
  ordersAt,
  supplierActs,
  t,
  useVendingTestApp,
} from './vending.test-helpers.ts';

// A small sample and probe, so a handful of purchases decide (the defaults are 20 and 5).
useVendingTestApp({ SUPPLIER_BREAKER_MIN_SAMPLE: '6', SUPPLIER_BREAKER_PROBE_SAMPLE: '3' });

let admin: TestUser;
let buyer: TestUser;
const asAdmin = async () => (admin ??= await createUser(t.ctx, { isAdmin: true }));
const asBuyer = async () => (buyer ??= await createUser(t.ctx, { balanceKobo: 100_000_00 }));

const { setSuppliers, outage } = supplierActs(asAdmin);

const health = async () => {
  const res = await t
    .request()
    .get('/api/v1/admin/supplier/health')
    .set('x-auth-token', (await asAdmin()).token);
  expect(res.status).toBe(200);
  return res.body as {
    breakers: { supplier: string; product: string; [key: string]: unknown }[];
    rules: Record<string, number>;
  };
};
const healthOf = async (supplier: string, product: string) =>
  (await health()).breakers.find((b) => b.supplier === supplier && b.product === product)!;

const force = async (body: Record<string, unknown>, who?: TestUser) =>
  t
    .request()
    .post('/api/v1/admin/supplier/health')
    .set('x-auth-token', (who ?? (await asAdmin())).token)
    .send(body);

/** An MTN airtime purchase of ₦100 by the buyer; answers the stored row. */
const buyAirtime = async () => {
  const res = await t
    .request()
    .post('/api/v1/buy/airtime')
    .set('x-auth-token', (await asBuyer()).token)
    .send({ network: 1, mobile_number: '08031234567', amount: 100 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return purchase(res.body.receipt.trans_Id);
};

const buyAirtimes = async (count: number) => {
  const rows = [];
  for (let i = 0; i < count; i += 1) rows.push(await buyAirtime());
  return rows;
};

/** Puts a breaker into a state that began `minutesAgo` minutes ago (the check's own moves aside). */
const setBreaker = async (
  supplier: string,
  product: string,
  state: 'closed' | 'open' | 'half_open',
  minutesAgo = 0,
) => {
  const since = sql`now() - make_interval(mins => ${minutesAgo})`;
  await t.ctx.db
    .insert(supplierBreakers)
    .values({ supplier, product, state, since })
    .onConflictDoUpdate({
      target: [supplierBreakers.supplier, supplierBreakers.product],
      set: { state, since },
    });
};

/** The supplier-health alerts raised after the alert `afterId`, oldest first. */
let lastAlertId = 0;
const newAlerts = async () => {
  const rows = await t.ctx.db
    .select()
    .from(adminAlerts)
    .where(and(eq(adminAlerts.kind, 'supplier_health'), gt(adminAlerts.id, lastAlertId)))
    .orderBy(asc(adminAlerts.id));
  lastAlertId = rows.at(-1)?.id ?? lastAlertId;
  return rows.map((r) => r.message);
};

beforeEach(async () => {
  await outage('ALARO', false);
  await outage('GLAD', false);
  await setSuppliers({ supplierName: 'ALARO' });
  await setSuppliers({ product: 'airtime', suppliers: ['ALARO', 'GLAD'] });
  // Every breaker healthy from now: the measure never looks before its state's `since`, so the
  // purchases of earlier tests count for nothing.
  for (const supplier of ['ALARO', 'GLAD']) {
    for (const product of ['data', 'airtime']) {
      const fresh = {
        state: 'closed',
        since: sql`now()`,
        forced: null,
        forcedBy: null,
        forcedAt: null,
        sample: 0,
        successRatio: null,
        checkedAt: null,
      };
      await t.ctx.db
        .insert(supplierBreakers)
        .values({ supplier, product, ...fresh })
        .onConflictDoUpdate({
          target: [supplierBreakers.supplier, supplierBreakers.product],
          set: fresh,
        });
    }
  }
  await newAlerts();
});

afterAll(async () => {
  if (t) await outage('ALARO', false);
});

describe('the supplier health check', () => {
  it('opens a failing supplier’s breaker, alerts once, and sends its purchases straight to the next', async () => {
    await outage('ALARO', true);
    // Below the minimum sample nothing is judged.
    const first = await buyAirtimes(5);
    for (const row of first) {
      expect(row.supplier).toBe('GLAD');
      expect(row.details!.failedOver).toEqual([
        { supplier: 'ALARO', answer: expect.stringContaining('unavailable') },
      ]);
    }
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([]);
    expect(await healthOf('ALARO', 'airtime')).toMatchObject({
      state: 'closed',
      sample: 5,
      successRatio: 0,
    });

    await buyAirtime();
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([
      { supplier: 'ALARO', product: 'airtime', from: 'closed', to: 'open' },
    ]);
    expect(await newAlerts()).toEqual([
      expect.stringMatching(/^ALARO airtime is failing: 0% of 6 attempts succeeded \(below 85%\)/),
    ]);
    expect(await healthOf('ALARO', 'airtime')).toMatchObject({
      state: 'open',
      forced: null,
      effectiveState: 'open',
      sample: 6,
      successRatio: 0,
      since: expect.any(String),
      checkedAt: expect.any(String),
    });
    // GLAD took all six: healthy. ALARO's data had no purchase: nothing measured.
    expect(await healthOf('GLAD', 'airtime')).toMatchObject({
      state: 'closed',
      sample: 6,
      successRatio: 1,
    });
    expect(await healthOf('ALARO', 'data')).toMatchObject({
      state: 'closed',
      sample: 0,
      successRatio: null,
    });

    // The next purchase goes to GLAD at once: ALARO is not asked, so no refusal is recorded.
    const skipped = await buyAirtime();
    expect(skipped.supplier).toBe('GLAD');
    expect(skipped.details?.failedOver).toBeUndefined();
    expect(await ordersAt('ALARO', skipped.reference)).toHaveLength(0);

    // A second check changes nothing and alerts no one; the open breaker keeps the measure that
    // opened it.
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([]);
    expect(await newAlerts()).toEqual([]);
    expect(await healthOf('ALARO', 'airtime')).toMatchObject({ sample: 6, successRatio: 0 });

    // The breaker is per product: ALARO's data still goes to ALARO.
    await outage('ALARO', false);
    const data = await t
      .request()
      .post('/api/v1/buy/data')
      .set('x-auth-token', (await asBuyer()).token)
      .send({ network: 1, mobile_number: '08031234567', plan: '2' });
    expect(data.status).toBe(200);
    expect((await purchase(data.body.receipt.trans_Id)).supplier).toBe('ALARO');
    await expectCleanLedger();
  });

  it('tests an open supplier after the cool-down: closes it on probe successes, opens it again on failures', async () => {
    await outage('ALARO', true);
    await setBreaker('ALARO', 'airtime', 'open', 9);
    // Within the cool-down it stays open.
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([]);
    await setBreaker('ALARO', 'airtime', 'open', 11);
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([
      { supplier: 'ALARO', product: 'airtime', from: 'open', to: 'half_open' },
    ]);
    expect(await newAlerts()).toEqual([expect.stringMatching(/^ALARO airtime is being tested/)]);
    expect(await healthOf('ALARO', 'airtime')).toMatchObject({
      state: 'half_open',
      effectiveState: 'half_open',
      sample: 0,
    });

    // Half-open, ALARO takes purchases again: still down, it refuses them to GLAD.
    const probes = await buyAirtimes(2);
    for (const row of probes) {
      expect(row.supplier).toBe('GLAD');
      expect(row.details!.failedOver).toEqual([{ supplier: 'ALARO', answer: expect.any(String) }]);
    }
    // Fewer than the probe sample: undecided.
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([]);
    await buyAirtime();
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([
      { supplier: 'ALARO', product: 'airtime', from: 'half_open', to: 'open' },
    ]);
    expect(await newAlerts()).toEqual([
      expect.stringMatching(/^ALARO airtime is failing: 0% of 3 attempts succeeded/),
    ]);

    // Another cool-down, and this time ALARO is back: three deliveries close the breaker.
    await outage('ALARO', false);
    await setBreaker('ALARO', 'airtime', 'open', 11);
    expect((await runSupplierHealthCheck(t.ctx)).map((m) => m.to)).toEqual(['half_open']);
    for (const row of await buyAirtimes(3)) {
      expect(row.supplier).toBe('ALARO');
      expect(row.status).toBe('success');
      expect(row.details?.failedOver).toBeUndefined();
    }
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([
      { supplier: 'ALARO', product: 'airtime', from: 'half_open', to: 'closed' },
    ]);
    expect(await newAlerts()).toEqual([
      expect.stringMatching(/^ALARO airtime is being tested/),
      expect.stringMatching(/^ALARO airtime recovered: 100% of 3 attempts succeeded/),
    ]);
    expect(await healthOf('ALARO', 'airtime')).toMatchObject({
      state: 'closed',
      sample: 3,
      successRatio: 1,
    });
    // Closed again, it is judged only on what it does from now: the refusals before are history.
    expect(await runSupplierHealthCheck(t.ctx)).toEqual([]);
    expect(await healthOf('ALARO', 'airtime')).toMatchObject({ state: 'closed', sample: 0 });
    await expectCleanLedger();
  });

  it('moves a breaker once when two processes check at the same time', async () => {
    await setBreaker('ALARO', 'airtime', 'open', 11);
    const [a, b] = await Promise.all([
      runSupplierHealthCheck(t.ctx),
      runSupplierHealthCheck(t.ctx),
    ]);
    expect([...a, ...b]).toEqual([
      { supplier: 'ALARO', product: 'airtime', from: 'open', to: 'half_open' },
    ]);
    expect(await newAlerts()).toHaveLength(1);
  });

  it('runs on the background loop every SUPPLIER_BREAKER_INTERVAL_SECONDS', async () => {
    await setBreaker('ALARO', 'airtime', 'open', 11);
    const loops = startBackgroundJobs({
      ...t.ctx,
      config: {
        ...t.ctx.config,
        vending: {
          ...t.ctx.config.vending,
          supplierBreaker: { ...t.ctx.config.vending.supplierBreaker, intervalMs: 100 },
        },
        webhooks: { ...t.ctx.config.webhooks, intervalMs: 0 },
      },
    });
    try {
      await expect
        .poll(async () => (await healthOf('ALARO', 'airtime')).state, { timeout: 5000 })
        .toBe('half_open');
    } finally {
      await loops.stop();
    }
    expect(await newAlerts()).toHaveLength(1);
  });

  it('uses the list unchanged when every supplier of it is open', async () => {
    await setBreaker('ALARO', 'airtime', 'open');
    await setBreaker('GLAD', 'airtime', 'open');
    const row = await buyAirtime();
    expect(row.supplier).toBe('ALARO');
    // And still fails over along it.
    await outage('ALARO', true);
    const moved = await buyAirtime();
    expect(moved.supplier).toBe('GLAD');
    expect(moved.details!.failedOver).toEqual([{ supplier: 'ALARO', answer: expect.any(String) }]);
    // With one healthy, only that one: GLAD first although the list says ALARO first.
    await setBreaker('GLAD', 'airtime', 'half_open');
    const probe = await buyAirtime();
    expect(probe.supplier).toBe('GLAD');
    expect(probe.details?.failedOver).toBeUndefined();
    await expectCleanLedger();
  });
});

describe('POST /api/v1/admin/supplier/health', () => {
  it('forces a breaker open or closed over the measure, and null lifts it; audited and alerted', async () => {
    const opened = await force({ supplier: 'ALARO', product: 'airtime', force: 'open' });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      msg: 'ALARO airtime is forced open: its purchases skip it while another supplier of their list is healthy',
      breaker: expect.objectContaining({
        supplier: 'ALARO',
        product: 'airtime',
        state: 'closed',
        forced: 'open',
        effectiveState: 'open',
        forcedBy: (await asAdmin()).userName,
        forcedAt: expect.any(String),
      }),
    });
    expect(await newAlerts()).toEqual([
      `${admin.userName}: ALARO airtime is forced open: its purchases skip it while another supplier of their list is healthy (it measures healthy: no attempts yet).`,
    ]);
    const skipped = await buyAirtime();
    expect(skipped.supplier).toBe('GLAD');
    expect(skipped.details?.failedOver).toBeUndefined();
    // The measure goes on underneath, but the force holds.
    await runSupplierHealthCheck(t.ctx);
    expect(await healthOf('ALARO', 'airtime')).toMatchObject({
      state: 'closed',
      forced: 'open',
      effectiveState: 'open',
    });
    // Forcing it again changes nothing: no audit row, no alert.
    const again = await force({ supplier: 'ALARO', product: 'airtime', force: 'open' });
    expect(again.body.msg).toBe('ALARO airtime is already forced open');
    expect(await newAlerts()).toEqual([]);

    // Forced closed, a supplier the measure opened takes its purchases.
    await setBreaker('ALARO', 'airtime', 'open');
    const closed = await force({ supplier: 'ALARO', product: 'airtime', force: 'closed' });
    expect(closed.body.breaker).toMatchObject({
      state: 'open',
      forced: 'closed',
      effectiveState: 'closed',
    });
    expect((await buyAirtime()).supplier).toBe('ALARO');

    // Lifted, the measure decides again: open, skipped.
    const lifted = await force({ supplier: 'ALARO', product: 'airtime', force: null });
    expect(lifted.body.msg).toBe(
      'ALARO airtime is no longer forced: the measure decides (failing, skipped)',
    );
    expect(lifted.body.breaker).toMatchObject({ forced: null, effectiveState: 'open' });
    expect((await buyAirtime()).supplier).toBe('GLAD');
    expect(await newAlerts()).toHaveLength(2);

    const audit = await t
      .request()
      .get('/api/v1/admin/audit?action=supplier.health&targetId=ALARO%3Aairtime')
      .set('x-auth-token', admin.token);
    expect(
      (audit.body.entries as { before: unknown; after: unknown }[]).map((e) => [e.before, e.after]),
    ).toEqual([
      [{ forced: 'closed' }, { forced: null }],
      [{ forced: 'open' }, { forced: 'closed' }],
      [{ forced: null }, { forced: 'open' }],
    ]);
    await expectCleanLedger();
  });

  it('answers 403 to anyone but an admin, and 400 with a message to a bad request', async () => {
    const agent = await createUser(t.ctx, { isAgent: true });
    for (const who of [agent, await asBuyer()]) {
      expect((await force({ supplier: 'ALARO', product: 'data', force: 'open' }, who)).status).toBe(
        403,
      );
      const list = await t
        .request()
        .get('/api/v1/admin/supplier/health')
        .set('x-auth-token', who.token);
      expect(list.status).toBe(403);
    }
    const cases: [Record<string, unknown>, string][] = [
      [{ supplier: 'ACME', product: 'data', force: 'open' }, 'Select a supplier'],
      [
        { supplier: 'ALARO', product: 'cable', force: 'open' },
        "Choose a product: 'data' or 'airtime'",
      ],
      [
        { supplier: 'ALARO', product: 'data', force: 'half_open' },
        "Choose what to force: 'open', 'closed', or null to lift the force",
      ],
      [
        { supplier: 'ALARO', product: 'data' },
        "Choose what to force: 'open', 'closed', or null to lift the force",
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await force(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await healthOf('ALARO', 'data')).forced).toBeNull();
  });

  it('lists every supplier and product with the rules', async () => {
    const { breakers, rules } = await health();
    expect(breakers.map((b) => `${b.supplier} ${b.product}`)).toEqual([
      'ALARO data',
      'ALARO airtime',
      'GLAD data',
      'GLAD airtime',
    ]);
    expect(rules).toEqual({
      threshold: 0.85,
      windowMinutes: 60,
      minSample: 6,
      cooldownMinutes: 10,
      probeSample: 3,
    });
  });
});

describe('nextBreakerState', () => {
  const rules = {
    threshold: 0.85,
    windowMinutes: 60,
    minSample: 20,
    cooldownMinutes: 10,
    probeSample: 5,
    intervalMs: 30_000,
  };
  const now = new Date('2026-11-01T12:00:00Z');
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

  it('opens at the minimum sample below the threshold, never on fewer attempts', () => {
    const closed = { state: 'closed', since: at(120), now };
    expect(nextBreakerState({ ...closed, attempts: 19, successes: 0 }, rules)).toBeNull();
    expect(nextBreakerState({ ...closed, attempts: 20, successes: 17 }, rules)).toBeNull();
    expect(nextBreakerState({ ...closed, attempts: 20, successes: 16 }, rules)).toEqual({
      to: 'open',
      attempts: 20,
      ratio: 0.8,
    });
  });

  it('half-opens after the cool-down; the probe sample closes or opens it', () => {
    const open = { state: 'open', attempts: 0, successes: 0, now };
    expect(nextBreakerState({ ...open, since: at(9) }, rules)).toBeNull();
    expect(nextBreakerState({ ...open, since: at(10) }, rules)?.to).toBe('half_open');
    const half = { state: 'half_open', since: at(1), now };
    expect(nextBreakerState({ ...half, attempts: 4, successes: 4 }, rules)).toBeNull();
    expect(nextBreakerState({ ...half, attempts: 5, successes: 5 }, rules)?.to).toBe('closed');
    expect(nextBreakerState({ ...half, attempts: 5, successes: 4 }, rules)?.to).toBe('open');
  });
});
