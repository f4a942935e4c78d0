import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import type { AppContext } from '../../app-context.ts';
import { openPostgres, type Database } from '../../db/client.ts';
import { adminAlerts, ledgerAccounts, settings } from '../../db/schema/index.ts';
import { startBackgroundJobs } from '../../jobs/background-jobs.ts';
import { runLedgerCheck } from './ledger-check.service.ts';

/**
 * The ledger checked while the app runs: a balance edited in SQL (as the hostile tester did,
 * bypassing the ledger) is found by the scheduled pass and raises one admin alert; the pass runs
 * in one process at a time and only once per interval, whatever the number of processes. On
 * PostgreSQL a second pool is a second process.
 */

const template = inject('dbTemplate');
const ON_POSTGRES = template.kind === 'pg';
const TAMPERED = "each wallet's balance equals the sum of its postings";

let t: TestApp;
let other: Database | null = null;
let admin: TestUser;
let victim: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  other = ON_POSTGRES
    ? openPostgres(databaseUrlFor(template.adminUrl, t.databaseName), { poolSize: 4 })
    : null;
  admin = await createUser(t.ctx, { isAdmin: true });
  victim = await createUser(t.ctx, { balanceKobo: 1_000_00 });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

/** Every test starts as if the check had never run. */
beforeEach(async () => {
  await t.ctx.db.delete(settings).where(eq(settings.key, 'ledger_check'));
});

/** Adds `kobo` to the victim's wallet balance in SQL, with no journal: tampering. */
const tamper = (kobo: number) =>
  t.ctx.db
    .update(ledgerAccounts)
    .set({ balanceKobo: sql`${ledgerAccounts.balanceKobo} + ${kobo}` })
    .where(and(eq(ledgerAccounts.userId, victim.id), eq(ledgerAccounts.kind, 'user_main')));

const openLedgerAlerts = () =>
  t.ctx.db
    .select()
    .from(adminAlerts)
    .where(and(eq(adminAlerts.kind, 'ledger_invariant'), isNull(adminAlerts.acknowledgedAt)));

/** A process other than the app's: the same settings, its own pool (PostgreSQL only). */
const otherProcess = (): AppContext => ({ ...t.ctx, db: other!.db });

const dashboard = () => t.request().get('/api/v1/admin/').set('x-auth-token', admin.token);

describe('the scheduled ledger check', () => {
  it('records a clean run, and the admin dashboard shows it', async () => {
    expect((await dashboard()).body.ledgerCheck).toBeNull();
    const record = await runLedgerCheck(t.ctx, { intervalSeconds: 3600 });
    expect(record).toMatchObject({ ok: true, violations: [], error: null });
    expect(await openLedgerAlerts()).toEqual([]);
    const answer = await dashboard();
    expect(answer.status).toBe(200);
    expect(answer.body.ledgerCheck).toEqual(record);
  });

  it('finds a balance edited in SQL and raises one alert for it, however often it runs', async () => {
    await tamper(500_00);
    try {
      const first = await runLedgerCheck(t.ctx, { intervalSeconds: 0 });
      expect(first!.ok).toBe(false);
      expect(first!.violations).toContainEqual({ name: TAMPERED, violations: 1 });
      const alerts = await openLedgerAlerts();
      expect(alerts.map((a) => a.subject)).toContain(TAMPERED);
      expect(alerts.find((a) => a.subject === TAMPERED)!.message).toMatch(
        /1 violation of "each wallet's balance equals the sum of its postings"/,
      );
      const open = alerts.length;

      // The same violation at the next run: no second alert while the first is open.
      const second = await runLedgerCheck(t.ctx, { intervalSeconds: 0 });
      expect(second!.violations).toEqual(first!.violations);
      expect(await openLedgerAlerts()).toHaveLength(open);

      const answer = await dashboard();
      expect(answer.body.ledgerCheck).toMatchObject({ ok: false, violations: first!.violations });
      expect(answer.body.openAlerts).toBeGreaterThanOrEqual(open);

      // Acknowledged while still broken: the next run says so again, once.
      const alert = alerts.find((a) => a.subject === TAMPERED)!;
      const ack = await t
        .request()
        .post(`/api/v1/admin/alerts/${alert.id}/acknowledge`)
        .set('x-auth-token', admin.token);
      expect(ack.status).toBe(200);
      await runLedgerCheck(t.ctx, { intervalSeconds: 0 });
      await runLedgerCheck(t.ctx, { intervalSeconds: 0 });
      expect((await openLedgerAlerts()).filter((a) => a.subject === TAMPERED)).toHaveLength(1);
    } finally {
      await tamper(-500_00);
    }
    expect(await t.ledgerViolations()).toEqual([]);
    expect(await runLedgerCheck(t.ctx, { intervalSeconds: 0 })).toMatchObject({ ok: true });
  });

  it('runs at most once per interval, by the record every process reads', async () => {
    expect(await runLedgerCheck(t.ctx, { intervalSeconds: 3600 })).not.toBeNull();
    expect(await runLedgerCheck(t.ctx, { intervalSeconds: 3600 })).toBeNull();
    if (other) expect(await runLedgerCheck(otherProcess(), { intervalSeconds: 3600 })).toBeNull();
    // Once the last run is older than the interval, the next pass runs.
    await t.ctx.db
      .update(settings)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(settings.key, 'ledger_check'));
    expect(await runLedgerCheck(t.ctx, { intervalSeconds: 3600 })).not.toBeNull();
  });

  it('runs once when several processes race for it', async () => {
    const contexts = Array.from({ length: 6 }, (_, i) =>
      other && i % 2 === 1 ? otherProcess() : t.ctx,
    );
    const records = await Promise.all(
      contexts.map((ctx) => runLedgerCheck(ctx, { intervalSeconds: 3600 })),
    );
    expect(records.filter((r) => r !== null)).toHaveLength(1);
  });

  it("runs on the background loop's schedule (LEDGER_CHECK_INTERVAL_SECONDS), and not at 0", async () => {
    const withInterval = (seconds: number): AppContext => ({
      ...t.ctx,
      config: {
        ...t.ctx.config,
        ledgerCheckIntervalSeconds: seconds,
        webhooks: { ...t.ctx.config.webhooks, intervalMs: 0 },
      },
    });
    const record = () => t.ctx.db.select().from(settings).where(eq(settings.key, 'ledger_check'));
    const off = startBackgroundJobs(withInterval(0));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await off.stop();
    expect(await record()).toEqual([]);

    const loops = startBackgroundJobs(withInterval(1));
    try {
      for (let i = 0; i < 50 && (await record()).length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await loops.stop();
    }
    expect((await record())[0]?.value).toMatchObject({ ok: true });
  });

  it.skipIf(!ON_POSTGRES)(
    'skips while another process holds the lock, even when the check is due (PostgreSQL: PGlite has one connection, nothing else can hold it)',
    async () => {
      const holder = new pg.Client({ connectionString: t.databaseOwnerUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock(7246017)');
        expect(await runLedgerCheck(otherProcess(), { intervalSeconds: 0 })).toBeNull();
        await holder.query('commit');
        expect(await runLedgerCheck(otherProcess(), { intervalSeconds: 0 })).not.toBeNull();
      } finally {
        await holder.end();
      }
    },
  );

  it.skipIf(!ON_POSTGRES)(
    'records a check that ran past its time limit as unfinished and alerts once (PostgreSQL: PGlite has one connection, nothing else can block it)',
    async () => {
      const blocker = new pg.Client({ connectionString: t.databaseOwnerUrl });
      await blocker.connect();
      try {
        // Another session holds postings: the check's first statement waits past its limit.
        await blocker.query('begin');
        await blocker.query('lock table postings in access exclusive mode');
        for (let run = 0; run < 2; run += 1) {
          const record = await runLedgerCheck(t.ctx, {
            intervalSeconds: 0,
            statementTimeoutMs: 300,
          });
          expect(record).toMatchObject({
            ok: false,
            violations: [],
            error: 'a statement ran past 0.3 s',
          });
        }
        await blocker.query('rollback');
        const unfinished = await t.ctx.db
          .select()
          .from(adminAlerts)
          .where(and(eq(adminAlerts.kind, 'ledger_check'), isNull(adminAlerts.acknowledgedAt)));
        expect(unfinished).toHaveLength(1);
        expect(unfinished[0]!.message).toMatch(/did not finish/);
        expect(await runLedgerCheck(t.ctx, { intervalSeconds: 0 })).toMatchObject({ ok: true });
      } finally {
        await blocker.end();
      }
    },
  );
});
