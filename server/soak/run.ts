/**
 * `npm run soak`: the service under a mixed load while things break. Starts its own PostgreSQL
 * server, the sandbox suppliers in a process of their own, two app processes behind HAProxy;
 * drives purchases, transfers, withdrawals, coupons, staff refunds and re-queries (some with
 * Idempotency-Keys, retried as a client would) while app processes are killed with -9 and
 * PostgreSQL is restarted; then lets everything settle and checks the ledger, the suppliers'
 * books against ours, and that every acknowledged write is in the database.
 *
 * SOAK_SECONDS (600), SOAK_CONCURRENCY (50), SOAK_USERS (40), SOAK_SEED (random),
 * SOAK_SETTLE_SECONDS (120), SOAK_KEEP=1 keeps the temporary folder. The last line is
 * `soak: N requests, K kills, R db restarts, 5xx X, pending P, invariants ok|FAIL, disagreements D`;
 * the exit code is 0 only when all is well.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/seed/reference-data.ts';
import { appProcess, type AppProcess } from './app-processes.ts';
import { planChaos, runChaos } from './chaos.ts';
import { checkBooks, checkInvariants, waitUntilSettled } from './checks.ts';
import { createClient } from './client.ts';
import { startHaproxy } from './haproxy.ts';
import { runLoad } from './load.ts';
import { setUpWorld } from './load-setup.ts';
import { startPostgres } from './postgres-server.ts';
import { seededRandom } from './random.ts';
import { createRecorder } from './recorder.ts';
import { buildReport } from './report.ts';
import { startSandboxSupplier } from './supplier.ts';
import { tail } from './util.ts';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number`);
  return value;
};
const seconds = number('SOAK_SECONDS', 600);
const concurrency = Math.max(1, number('SOAK_CONCURRENCY', 50));
const userCount = Math.max(2, number('SOAK_USERS', 40));
const settleSeconds = number('SOAK_SETTLE_SECONDS', 120);
const seed = number('SOAK_SEED', Math.floor(Math.random() * 2 ** 31));

const say = (line: string) => console.log(line);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-soak-'));
const cleanups: (() => Promise<unknown>)[] = [];
const logFiles: string[] = [];
let stopping = false;

/** Undoes everything started so far, newest first; each step on its own, whatever fails. */
const cleanUp = async () => {
  stopping = true;
  for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
  cleanups.length = 0;
  if (process.env.SOAK_KEEP !== '1') fs.rmSync(dir, { recursive: true, force: true });
};
// Ctrl+C reaches this process more than once (the terminal's and tsx's relay): the first starts
// the clean-up, the others must not end the process before it is done.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    say(`soak: ${signal}, cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const printLogTails = () => {
  for (const file of logFiles) {
    say(`\n--- last lines of ${path.basename(file)}`);
    say(tail(file, 40));
  }
};

const main = async (): Promise<boolean> => {
  const t0 = Date.now();
  say(
    `soak: seed ${seed}, ${seconds} s, ${concurrency} requests in flight, ${userCount} users, in ${dir}`,
  );
  const postgres = await startPostgres(dir);
  cleanups.push(() => postgres.destroy());
  logFiles.push(postgres.logFile);
  await postgres.createDatabase('vendo_soak');
  const databaseUrl = postgres.urlOf('vendo_soak');

  // Migrated and seeded here, once, so that the app processes never race to do it.
  const database: Database = openPostgres(databaseUrl, { poolSize: 2 });
  cleanups.push(() => database.close());
  await database.migrate();
  await seedReferenceData(database.db);

  // ALARO answers its slow orders within the adapter's timeout, GLAD after it (pending).
  const supplierTimeoutMs = 3000;
  const supplier = await startSandboxSupplier(database, { ALARO: 2000, GLAD: 4500 });
  cleanups.push(() => supplier.stop());

  const env: Record<string, string> = {
    ...supplier.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    SMTP_URL: '',
    JWT_SECRET: 'soak-secret-soak-secret-soak-secret-0123456789',
    JWT_TTL_SECONDS: String(Math.max(3600, seconds * 2 + 3600)),
    BCRYPT_ROUNDS: '4',
    RECONCILE_INTERVAL_MS: '1000',
    RECONCILE_RETRY_SECONDS: '2',
    SUPPLIER_TIMEOUT_MS: String(supplierTimeoutMs),
    PROCESSING_GRACE_SECONDS: '8',
    SUPPLIER_NOT_FOUND_GRACE_SECONDS: '15',
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_IP_RATE_LIMIT: '100000',
    API_TOKEN_RATE_LIMIT: '100000',
    // Squad's sandbox (in the app) holds a 1111 payout longer than the payout timeout: pending.
    SQUAD_TIMEOUT_MS: '3000',
    SANDBOX_SLOW_MS: '4000',
  };
  const crashes: string[] = [];
  const apps: AppProcess[] = [];
  for (const name of ['app1', 'app2']) {
    const app = await appProcess({
      name,
      dir,
      env,
      onCrash: (who, code, signal) => {
        if (stopping) return;
        crashes.push(`${who} exited with ${signal ?? code}`);
        say(`soak: ${who} died on its own (${signal ?? code}); restarting it`);
        setTimeout(() => void app.start().catch((e: unknown) => say(String(e))), 1000);
      },
    });
    apps.push(app);
    logFiles.push(app.logFile);
  }
  cleanups.push(() => Promise.all(apps.map((a) => a.stop())));
  // One after the other: the first seeds the demo users.
  for (const app of apps) await app.start();

  const haproxy = await startHaproxy({
    dir,
    servers: apps.map((a) => ({ name: a.name, port: a.port })),
  });
  cleanups.push(() => haproxy.stop());
  logFiles.push(haproxy.logFile);

  const recorder = createRecorder();
  const client = createClient({
    baseUrl: haproxy.url,
    recorder,
    random: seededRandom(seed),
    connections: concurrency + 10,
  });
  cleanups.push(() => client.close());
  const world = await setUpWorld({
    client,
    recorder,
    count: userCount,
    stamp: seed.toString(36),
  });
  const t1 = Date.now();
  say(
    `soak: ${userCount} users funded in ${((t1 - t0) / 1000).toFixed(1)} s; load through ${haproxy.url}`,
  );

  const chaosRandom = seededRandom(seed ^ 0x5bd1e995);
  const plan = planChaos(seconds, chaosRandom);
  const [chaos] = await Promise.all([
    runChaos({ plan, startedAt: t1, apps, postgres, random: chaosRandom, say }),
    runLoad({
      client,
      recorder,
      random: seededRandom(seed ^ 0x27d4eb2f),
      world,
      concurrency,
      until: t1 + seconds * 1000,
      maxRequests: 5_000_000,
    }),
  ]);
  const t2 = Date.now();
  say(`soak: load done, ${recorder.total} requests; waiting for everything to settle`);

  // Both processes up (a crash restart may still be under way) before the reconcilers settle.
  for (const app of apps) if (!app.running()) await app.start().catch(() => undefined);
  const left = await waitUntilSettled({ db: database.db, timeoutMs: settleSeconds * 1000, say });
  const t3 = Date.now();
  say(
    `soak: settled (${left.purchases + left.withdrawals} unsettled); reading the suppliers' books`,
  );

  const orders = await supplier.books();
  const books = await checkBooks({ db: database.db, orders, acks: recorder.acks });
  const invariants = await checkInvariants(database.db);
  const t4 = Date.now();
  const report = buildReport({
    recorder,
    chaos,
    books,
    invariants,
    crashes,
    timings: {
      loadStartedAt: t1,
      seed,
      setupS: Math.round((t1 - t0) / 1000),
      loadS: Math.round((t2 - t1) / 1000),
      settleS: Math.round((t3 - t2) / 1000),
      checksS: Math.round((t4 - t3) / 1000),
    },
  });
  if (!report.ok) printLogTails();
  if (process.env.SOAK_KEEP === '1') say(`soak: the logs and the database stay in ${dir}`);
  for (const line of report.lines) say(line);
  say(report.lastLine);
  return report.ok;
};

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error('soak: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  printLogTails();
} finally {
  await cleanUp();
}
process.exitCode = ok ? 0 : 1;
