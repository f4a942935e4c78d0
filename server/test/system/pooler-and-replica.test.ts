import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pgbouncerUnavailable,
  startPgbouncer,
  type PrivatePgbouncer,
} from '../helpers/pgbouncer.ts';
import {
  privateStandbyUnavailable,
  startPrivatePostgres,
  startPrivateStandby,
  type PrivatePostgres,
} from '../helpers/private-postgres.ts';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

/**
 * Behind a pooler, with a replica (decision 0034), all real: a private PostgreSQL primary, a hot
 * standby streaming from it (`pg_basebackup -R`), Debian's PgBouncer 1.18 in transaction mode in
 * front of the primary, and two app processes with DATABASE_URL through PgBouncer,
 * DATABASE_MIGRATION_URL straight to the primary, DATABASE_PREPARED_STATEMENTS=false and
 * DATABASE_READ_URL the standby. The standby logs every statement it runs, which shows what the
 * app read there and what it never did.
 */
const skipped =
  process.env.SYSTEM_TESTS === '1'
    ? (privateStandbyUnavailable() ?? pgbouncerUnavailable())
    : "run by npm run test:system, CI's step for tests that start their own PostgreSQL server";

const MAX_WAIT_MS = 1000;

let primary: PrivatePostgres;
let standby: PrivatePostgres;
let bouncer: PrivatePgbouncer;
let apps: ServerProcess[] = [];

beforeAll(async () => {
  if (skipped) return;
  // Commits flushed when acknowledged, as on a real primary: what a report waits for is on disk.
  primary = await startPrivatePostgres({ synchronous_commit: 'on' });
  const admin = new pg.Client({ connectionString: primary.url });
  await admin.connect();
  await admin.query('create database vendo');
  await admin.end();
  standby = await startPrivateStandby(primary, {
    log_statement: "'all'",
    log_line_prefix: "'%m [%p] %d '",
  });
  bouncer = await startPgbouncer({ serverPort: primary.port, database: 'vendo', poolSize: 4 });
  const env = {
    DATABASE_URL: bouncer.url,
    DATABASE_MIGRATION_URL: primary.urlFor('vendo'),
    DATABASE_PREPARED_STATEMENTS: 'false',
    DATABASE_READ_URL: standby.urlFor('vendo'),
    DATABASE_READ_MAX_WAIT_MS: String(MAX_WAIT_MS),
    DATABASE_POOL_SIZE: '10',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    RECONCILE_INTERVAL_MS: '500',
    SUPPLIER_TIMEOUT_MS: '3000',
    LOGIN_IP_RATE_LIMIT: '10000',
  };
  // One at a time: the second start finds the migrations done.
  apps.push(await startServerProcess(env));
  apps.push(await startServerProcess(env));
});
afterAll(async () => {
  for (const app of apps) {
    app.child.kill('SIGTERM');
    await app.exited;
  }
  apps = [];
  await bouncer?.stop();
  await standby?.destroy();
  await primary?.destroy();
});

type Answer = { status: number; body: unknown; ms: number };

const call = async (
  app: ServerProcess,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<Answer> => {
  const started = Date.now();
  const res = await fetch(`${app.url}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { 'x-auth-token': token } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text.startsWith('{') ? JSON.parse(text) : text,
    ms: Date.now() - started,
  };
};

const login = async (userName: string, password: string) => {
  const res = await call(apps[0]!, '/auth/login', { body: { userName, password } });
  if (res.status !== 200) throw new Error(`login ${userName}: ${res.status}`);
  return (res.body as { token: string }).token;
};

/**
 * The statements the standby logged so far, whole (a statement's text runs over several lines):
 * `statement: …` for simple queries, `execute <unnamed>: …` for the app's parameterised ones.
 */
const standbyStatements = () =>
  standby
    .log()
    .split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)/)
    .filter((entry) => / vendo LOG: {2}(statement|execute [^:]*): /.test(entry));

const superuserOn = async <T>(server: PrivatePostgres, work: (c: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: server.urlFor('vendo') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const balanceOf = async (app: ServerProcess, token: string) =>
  (
    (await call(app, '/auth', { token })).body as {
      user: { balance: number };
    }
  ).user.balance;

const historyPhones = async (app: ServerProcess, token: string) => {
  const res = await call(app, '/transaction', { token });
  expect(res.status).toBe(200);
  return {
    ms: res.ms,
    phones: (res.body as { transactions: { phone_number: string | null }[] }).transactions.map(
      (row) => row.phone_number,
    ),
  };
};

let phoneCounter = 0;
const nextPhone = () => `0803${String(7_000_000 + (phoneCounter += 1)).padStart(7, '0')}`;

describe.skipIf(skipped !== null)(
  `behind PgBouncer in transaction mode, with a streaming replica${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    it('serves purchases, transfers, history, statements, CSV exports and the dashboard with no error; reports come from the replica, balances and purchases never', async () => {
      const reseller = await login('demo_reseller', 'Reseller#2026');
      const adminToken = await login('demo_admin', 'Admin#2026');
      const before = standbyStatements().length;

      // Eight callers on both processes at once, so the pooler hands each transaction whichever
      // of its four server connections is free: a statement prepared under a name on one would
      // be unknown on the next.
      const answers: { path: string; status: number }[] = [];
      await Promise.all(
        Array.from({ length: 8 }, async (_, caller) => {
          for (let round = 0; round < 6; round += 1) {
            const app = apps[(caller + round) % 2]!;
            const calls: [string, { token: string; body?: unknown }][] = [
              ['/auth', { token: reseller }],
              [
                '/buy/airtime',
                {
                  token: reseller,
                  body: { network: 1, mobile_number: nextPhone(), amount: 100 },
                },
              ],
              [
                '/auth/transferFund',
                { token: reseller, body: { userName: 'demo_user', amount: 1 } },
              ],
              ['/transaction', { token: reseller }],
              ['/transaction/statement.csv', { token: reseller }],
              ['/admin', { token: adminToken }],
              ['/admin/salesChart', { token: adminToken }],
              ['/admin/users.csv', { token: adminToken }],
              ['/transaction', { token: adminToken }],
            ];
            for (const [path, options] of calls) {
              const res = await call(app, path, options);
              answers.push({ path, status: res.status });
            }
          }
        }),
      );
      const failed = answers.filter((a) => a.status !== 200);
      expect(failed).toEqual([]);

      // What the replica ran: the reports' own statements…
      const ran = standbyStatements().slice(before).join('\n');
      expect(ran).toContain('pg_last_wal_replay_lsn'); // how far it has replayed
      expect(ran).toMatch(/with page as \(/); // a history page
      expect(ran).toMatch(/transaction_daily_totals/); // history totals, the sales chart
      expect(ran).toMatch(/created_at::text as "createdAt"/); // the statement's keyset pages
      expect(ran).toMatch(/from ledger_accounts where kind = 'user_main'/); // the dashboard
      // …and never a session check, a profile with its balance, a lock, or a write.
      expect(ran).not.toMatch(/revoked_tokens/);
      expect(ran).not.toMatch(/"referrer"/);
      expect(ran).not.toMatch(/for update|insert into|update "|delete from/i);
      expect(standby.log()).not.toMatch(/ERROR:/);
      // Every write went through the pooler to the primary.
      expect(bouncer.log()).not.toMatch(/ERROR|prepared statement/i);
      for (const app of apps) expect(app.child.exitCode).toBeNull();
    });

    it('a replica that has fallen behind: a report waits, then reads the primary (the new purchase is on it); the balance never waits', async () => {
      const reseller = await login('demo_reseller', 'Reseller#2026');
      const app = apps[0]!;
      const passOvers = () => app.output().split('reports read from the primary').length - 1;
      // A replica passed over under the first test's load is rested for 5 s: let that end.
      if (passOvers() > 0) await sleep(5500);
      const passedOverBefore = passOvers();
      await superuserOn(standby, (c) => c.query('select pg_wal_replay_pause()'));
      try {
        const balanceBefore = await balanceOf(app, reseller);
        const phone = nextPhone();
        const bought = await call(app, '/buy/airtime', {
          token: reseller,
          body: { network: 1, mobile_number: phone, amount: 100 },
        });
        expect(bought.status).toBe(200);
        // The replica really lacks it…
        const onStandby = await superuserOn(standby, (c) =>
          c.query('select 1 from transactions where phone_number = $1', [phone]),
        );
        expect(onStandby.rowCount).toBe(0);
        // …the balance, read on the primary, has it at once…
        const started = Date.now();
        expect(await balanceOf(app, reseller)).toBeLessThan(balanceBefore);
        expect(Date.now() - started).toBeLessThan(MAX_WAIT_MS);
        // …and the history page too: it waited for the replica, then asked the primary.
        const history = await historyPhones(app, reseller);
        expect(history.phones).toContain(phone);
        expect(history.ms).toBeGreaterThanOrEqual(MAX_WAIT_MS - 50);
        expect(passOvers()).toBe(passedOverBefore + 1);
        // For a while after, reports skip the replica without waiting.
        const soon = await historyPhones(app, reseller);
        expect(soon.phones).toContain(phone);
        expect(soon.ms).toBeLessThan(MAX_WAIT_MS);
      } finally {
        await superuserOn(standby, (c) => c.query('select pg_wal_replay_resume()'));
      }
      // Once it has caught up and the rest is over, reports read the replica again.
      await sleep(5500);
      const before = standbyStatements().length;
      const after = await historyPhones(app, reseller);
      expect(after.ms).toBeLessThan(MAX_WAIT_MS);
      expect(standbyStatements().slice(before).join('\n')).toMatch(/with page as \(/);
    });
  },
);
