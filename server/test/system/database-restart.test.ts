import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/query.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.invariants.ts';
import {
  privatePostgresUnavailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../helpers/private-postgres.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

/**
 * A real PostgreSQL restart (a fast shutdown, as maintenance or a fail-over does, then a start)
 * under two app processes serving requests: neither process exits, requests in the outage get
 * 503, never 500 or a dropped connection, and both serve again within 5 s of the return.
 */
const skipped =
  process.env.SYSTEM_TESTS === '1'
    ? privatePostgresUnavailable()
    : "run by npm run test:system, CI's step for tests that start their own PostgreSQL server";

let server: PrivatePostgres;
let apps: ServerProcess[] = [];
let database: Database;

beforeAll(async () => {
  if (skipped) return;
  server = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database vendo');
  await admin.end();
  const env = {
    DATABASE_URL: server.urlFor('vendo'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RECONCILE_INTERVAL_MS: '500',
    RECONCILE_RETRY_SECONDS: '1',
    PROCESSING_GRACE_SECONDS: '2',
    SUPPLIER_TIMEOUT_MS: '3000',
    SANDBOX_SLOW_MS: '1000',
    // The sandbox supplier keeps its books in the same database: an order sent during the
    // outage never reaches them, and is refunded once its re-query says so past this grace.
    SUPPLIER_NOT_FOUND_GRACE_SECONDS: '5',
    LOGIN_IP_RATE_LIMIT: '10000',
  };
  apps = [await startServerProcess(env), await startServerProcess(env)];
  database = openPostgres(server.urlFor('vendo'), { poolSize: 2 });
});
afterAll(async () => {
  for (const app of apps) {
    app.child.kill('SIGTERM');
    await app.exited;
  }
  await database?.close();
  await server?.destroy();
});

type Outcome =
  { status: number; body?: { code?: string }; retryAfter?: string | null } | { error: string };

const call = async (url: string, init: RequestInit = {}): Promise<Outcome> => {
  try {
    const res = await fetch(url, {
      ...init,
      headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text.startsWith('{') ? (JSON.parse(text) as { code?: string }) : {},
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (error) {
    return { error: String((error as { cause?: unknown }).cause ?? error) };
  }
};

describe.skipIf(skipped !== null)(
  `a PostgreSQL restart under two app processes${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    it('neither process exits; 503 meanwhile, never 500; both serve within 5 s of the return; purchases settle, the ledger verifies clean', async () => {
      const login = await call(`${apps[0]!.url}/api/v1/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ userName: 'demo_reseller', password: 'Reseller#2026' }),
      });
      if (!('status' in login) || login.status !== 200) throw new Error('demo login failed');
      const token = (login.body as { token: string }).token;
      const headers = { 'x-auth-token': token };

      // A steady load on both processes, eight callers: profile reads, ₦100 airtime purchases and
      // ₦1 transfers to the demo user (transactions: connections checked out when the server goes).
      const outcomes: Outcome[] = [];
      let loading = true;
      let n = 0;
      const caller = async () => {
        while (loading) {
          n += 1;
          const app = apps[n % 2]!;
          const phone = `0803${String(1_000_000 + n).padStart(7, '0')}`;
          const batch = await Promise.all([
            call(`${app.url}/api/v1/auth`, { headers }),
            call(`${app.url}/api/v1/buy/airtime`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ network: 1, mobile_number: phone, amount: 100 }),
            }),
            call(`${app.url}/api/v1/auth/transferFund`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ userName: 'demo_user', amount: 1 }),
            }),
          ]);
          outcomes.push(...batch);
          await sleep(20);
        }
      };
      const load = Promise.all(Array.from({ length: 8 }, caller));

      await sleep(2000);
      await server.stop();
      await sleep(3000);
      await server.start();
      const back = Date.now();
      const servingAfter = await Promise.all(
        apps.map(async (app) => {
          for (;;) {
            if (app.child.exitCode !== null) {
              throw new Error(
                `an app process exited (${app.child.exitCode}):\n${app.output().slice(-3000)}`,
              );
            }
            if (Date.now() - back > 30_000) throw new Error('not serving 30 s after the return');
            const ready = await call(`${app.url}/readyz`);
            const profile = await call(`${app.url}/api/v1/auth`, { headers });
            if (
              'status' in ready &&
              ready.status === 200 &&
              'status' in profile &&
              profile.status === 200
            ) {
              return Date.now() - back;
            }
            await sleep(100);
          }
        }),
      );
      await sleep(2000);
      loading = false;
      await load;

      expect(apps.map((app) => app.child.exitCode)).toEqual([null, null]);
      for (const ms of servingAfter) expect(ms).toBeLessThan(5000);
      const statuses = new Map<string, number>();
      for (const o of outcomes) {
        const key = 'error' in o ? `error ${o.error}` : String(o.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      const seen = [...statuses.keys()].sort();
      // Every answer is a success, pending, or 503 with Retry-After: no 500, no cut connection.
      expect(seen.filter((s) => !['200', '202', '503'].includes(s))).toEqual([]);
      expect(statuses.get('503') ?? 0).toBeGreaterThan(0);
      for (const o of outcomes) {
        if ('status' in o && o.status === 503) {
          expect(o.retryAfter).toBe('5');
          expect(o.body?.code).toBe('SERVICE_UNAVAILABLE');
        }
      }

      // Whatever the restart caught mid-flight is settled by the reconcilers.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [{ open }] = (await queryRows<{ open: number }>(
          database.db,
          sql`select count(*)::int as open from transactions where status in ('processing', 'pending')`,
        )) as [{ open: number }];
        if (open === 0) break;
        if (Date.now() > deadline) throw new Error(`${open} purchases still unsettled`);
        await sleep(500);
      }
      expect((await checkLedgerInvariants(database.db)).filter((r) => r.violations > 0)).toEqual(
        [],
      );
    });
  },
);
