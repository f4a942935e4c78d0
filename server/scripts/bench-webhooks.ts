/**
 * npm run bench:webhooks — the webhook outbox at volume, on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432; a fresh database is made for the run and dropped after).
 *
 * Two app processes (`src/main.ts`, as `npm start` runs it) share the database and run the
 * delivery loop; a receiver in a process of its own (bench-webhooks.receiver.ts) checks every
 * signature and counts deliveries per event id. One API user has the receiver as webhook URL.
 *
 * Each round, with the same N:
 * 1. The bare loop: N signed POSTs of the same body shape (webhookBody, signWebhook, sendWebhook),
 *    from this process, with as many in flight as the two processes together may have
 *    (2 × WEBHOOK_CONCURRENCY): what sending alone costs.
 * 2. The outbox: N of the user's purchases settle in one statement, whose trigger writes N
 *    events as a purchase's settle does. The rate is timed from the first event the receiver
 *    sees to the last (the wait before the first, for a delivery loop to wake, is printed as a
 *    latency). The receiver's counts and the outbox's rows are checked: every event
 *    delivered, none twice at the same time, no bad signature.
 * A warm-up round of 2,000 (not counted) comes first, then BENCH_ROUNDS rounds (3; smoke 1).
 *
 * Last line: `bench webhooks: N events/s, ratio R`, the medians of the rounds (R = outbox rate /
 * bare-loop rate). Exits 1 on a loss, a concurrent duplicate or a bad signature, and (not with
 * BENCH_SMOKE=1) below the targets (≥ 500 events/s and ratio ≥ 0.5). BENCH_EVENTS sets N (20,000;
 * smoke 2,000). WEBHOOK_* settings in the environment reach the app processes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { appProcess, type AppProcess } from '../soak/app-processes.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { sealSecret } from '../src/lib/secret-box.ts';
import { webhookBody } from '../src/modules/webhooks/webhook-delivery.ts';
import { sendWebhook } from '../src/modules/webhooks/webhook-sender.ts';
import { newWebhookSecret, signWebhook } from '../src/modules/webhooks/webhook-signature.ts';
import type { ClaimedWebhookEvent } from '../src/modules/webhooks/webhooks.repository.ts';
import { WEBHOOK_SECRET_PURPOSE } from '../src/modules/webhooks/webhooks.service.ts';
import type { ReceiverStats } from './bench-webhooks.receiver.ts';

const smoke = process.env.BENCH_SMOKE === '1';
const EVENTS = Number(process.env.BENCH_EVENTS ?? (smoke ? 2_000 : 20_000));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (smoke ? 1 : 3));
const PROCESSES = 2;
const TARGET_RATE = 500;
const TARGET_RATIO = 0.5;
/** Give up on the outbox when no new event arrived for this long. */
const STALL_MS = 60_000;
const JWT_SECRET = 'bench-webhooks-secret-bench-webhooks-secret-0123';

const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// The app processes' webhook settings, as they will read them (defaults unless set).
const { webhooks: settings } = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATABASE_URL: serverUrl,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_ALLOW_HTTP: 'true',
});
const inFlight = Number(process.env.BENCH_BARE_CONCURRENCY ?? PROCESSES * settings.concurrency);

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const name = `vendo_bench_webhooks_${Date.now().toString(36)}`;
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-bench-webhooks-'));

let receiver: ChildProcess | undefined;
const apps: AppProcess[] = [];
const db = new pg.Client({ connectionString: databaseUrl });

const cleanup = async () => {
  await Promise.all(apps.map((app) => app.stop(5000).catch(() => undefined)));
  receiver?.kill();
  await db.end().catch(() => undefined);
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Starts the receiver; answers its URL and a way to ask for its counts. */
const startReceiver = async (secret: string) => {
  const child = fork(path.join(import.meta.dirname, 'bench-webhooks.receiver.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_WEBHOOK_SECRET: secret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  receiver = child;
  const ask = <T>(type: string, pick: (m: Record<string, unknown>) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        const value = m.type === type ? pick(m) : undefined;
        if (value === undefined) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(value);
      };
      const onExit = () => reject(new Error('the receiver exited'));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (type !== 'ready') child.send({ type });
    });
  const port = await ask('ready', (m) => m.port as number);
  return {
    url: `http://127.0.0.1:${port}/hook`,
    stats: () => ask('stats', (m) => m.stats as ReceiverStats),
    reset: () => ask('reset', () => true),
  };
};

/** `count` signed POSTs, `concurrency` at a time, each a new event id; answers the ms taken. */
const bareLoop = async (
  target: string,
  secret: string,
  sample: ClaimedWebhookEvent,
  count: number,
  concurrency: number,
): Promise<{ ms: number; failed: number }> => {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < count) {
      next += 1;
      const body = webhookBody({ ...sample, id: randomUUID(), createdAt: new Date() });
      const event = JSON.parse(body) as { id: string };
      const timestamp = Math.floor(Date.now() / 1000);
      const result = await sendWebhook({
        url: target,
        body,
        headers: {
          'vendo-webhook-id': event.id,
          'vendo-webhook-timestamp': String(timestamp),
          'vendo-webhook-signature': signWebhook(secret, timestamp, body),
        },
        rules: settings,
        timeoutMs: settings.timeoutMs,
      });
      if (result.statusCode !== 200) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { ms: performance.now() - started, failed };
};

let exitCode = 0;
try {
  const migrator = openPostgres(databaseUrl, { poolSize: 2 });
  await migrator.migrate();
  await migrator.close();
  await db.connect();

  const secret = newWebhookSecret();
  const hook = await startReceiver(secret);
  const {
    rows: [user],
  } = await db.query<{ id: string; user_name: string }>(
    `insert into users (user_name, email, phone_number, password_hash, user_type, webhook_url,
       webhook_secret_encrypted, webhook_secret_hint)
     values ('bench_api', 'bench_api@bench.test', '08099990000', 'x', 'api user', $1, $2, $3)
     returning id, user_name`,
    [hook.url, sealSecret(JWT_SECRET, WEBHOOK_SECRET_PURPOSE, secret), secret.slice(-4)],
  );
  // The bare loop's body: the receipt of a settled purchase, as the outbox sends it (written
  // settled, so no event: only a settle writes one).
  const {
    rows: [snap],
  } = await db.query<{ snapshot: Record<string, unknown> }>(
    `insert into transactions (user_id, reference, type, network, status, amount_kobo, cost_kobo,
       profit_kobo, phone_number, balance_before_kobo, balance_after_kobo, supplier, details,
       settled_at)
     values ($1, 'WHB-sample', 'data', 'MTN', 'success', 50000, 47000, 3000, '08031234567',
       100000, 50000, 'ALARO', '{"plan":"1GB (SME) 30 days"}'::jsonb, now())
     returning to_jsonb(transactions.*) as snapshot`,
    [user!.id],
  );
  const sample = {
    id: randomUUID(),
    type: 'transaction.success',
    snapshot: snap!.snapshot,
    createdAt: new Date(),
    userName: user!.user_name,
  } as ClaimedWebhookEvent;

  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SMTP_URL: '',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
    // The bench's purchases have no journals and no supplier order: no ledger check, no re-query.
    LEDGER_CHECK_INTERVAL_SECONDS: '0',
    RECONCILE_INTERVAL_MS: '0',
  };
  for (let i = 1; i <= PROCESSES; i++) {
    apps.push(
      await appProcess({
        name: `app${i}`,
        dir: logDir,
        env,
        onCrash: (app, code, signal) => {
          console.error(`${app} exited (${code ?? signal}) during the bench`);
          exitCode = 1;
        },
      }),
    );
  }
  await Promise.all(apps.map((app) => app.start()));

  // N purchases waiting for their supplier (no event yet: only the settle writes one).
  const addPurchases = (round: number, count: number) =>
    db.query(
      `insert into transactions (user_id, reference, type, network, status, amount_kobo,
         cost_kobo, profit_kobo, phone_number, balance_before_kobo, balance_after_kobo, supplier,
         details)
       select $1, 'WHB' || $3::int || '-' || n, 'data', 'MTN', 'pending', 50000, 47000, 3000,
         '0803' || lpad(n::text, 7, '0'), 50000 * ($2::bigint - n + 1), 50000 * ($2::bigint - n),
         'ALARO', '{"plan":"1GB (SME) 30 days"}'::jsonb
       from generate_series(1, $2::int) as n`,
      [user!.id, count, round],
    );

  /** One round: the bare loop, then the outbox, with the same count (round 0: the warm-up). */
  const round = async (r: number, count = EVENTS) => {
    await addPurchases(r, count);
    await hook.reset();
    const bare = await bareLoop(hook.url, secret, sample, count, inFlight);
    const bareStats = await hook.stats();
    await hook.reset();
    const bareRate = (count * 1000) / bare.ms;

    // N settles in one statement, so N events commit at once.
    const writeStarted = performance.now();
    await db.query(
      `update transactions set status = 'success', settled_at = now(), updated_at = now()
       where user_id = $1 and status = 'pending'`,
      [user!.id],
    );
    const committedAt = Date.now();
    const writeMs = performance.now() - writeStarted;
    let stats = await hook.stats();
    let progressAt = Date.now();
    for (let last = -1; stats.distinct < count && Date.now() - progressAt < STALL_MS;) {
      await sleep(100);
      stats = await hook.stats();
      if (stats.distinct !== last) [last, progressAt] = [stats.distinct, Date.now()];
    }
    // Whatever was still in flight arrives, so a late duplicate is counted too.
    await sleep(smoke ? 500 : 2000);
    stats = await hook.stats();
    // The rate runs from the first delivery to the last: before the first, the events wait
    // for a delivery loop to wake (every WEBHOOK_INTERVAL_MS), which is a latency, printed apart.
    const wakeMs = Math.max(0, stats.firstNewAt - committedAt);
    const ms = Math.max(1, stats.lastNewAt - stats.firstNewAt);
    const rate = (stats.distinct * 1000) / ms;
    const lost = count - stats.distinct;
    console.log(
      `${r === 0 ? 'warm-up' : `round ${r}`}: bare loop ${count} signed POSTs in ${seconds(bare.ms)}: ${bareRate.toFixed(0)}/s; ` +
        `outbox ${stats.distinct} of ${count} events in ${seconds(ms)} (written in ${seconds(writeMs)}, ` +
        `first delivered ${seconds(wakeMs)} after the commit): ` +
        `${rate.toFixed(0)}/s, ratio ${(rate / bareRate).toFixed(2)}`,
    );
    console.log(
      `  receiver: ${stats.requests} requests, ${stats.repeats} repeats, ${stats.concurrent} concurrent duplicates, ` +
        `${lost} lost, ${stats.badSignatures} bad signatures; bare loop: ${bare.failed} not answered 200, ${bareStats.badSignatures} bad signatures`,
    );
    return { bareRate, rate, lost, stats, bareFailed: bare.failed + bareStats.badSignatures };
  };

  console.log(
    `bench webhooks: ${PROCESSES} app processes on PostgreSQL (WEBHOOK_BATCH_SIZE ${settings.batchSize}, ` +
      `WEBHOOK_CONCURRENCY ${settings.concurrency} each), bare loop ${inFlight} in flight, ` +
      `${ROUNDS} round(s) of ${EVENTS} events`,
  );
  // Warm-up (not counted): the receiver, undici, and both paths of the app processes.
  const warmUp = await round(0, Math.min(2000, EVENTS));
  const results: Awaited<ReturnType<typeof round>>[] = [];
  for (let r = 1; r <= ROUNDS; r++) results.push(await round(r));

  const { rows: byStatus } = await db.query<{ status: string; n: number; attempts: number }>(
    `select status, count(*)::int as n, sum(attempts)::int as attempts
     from webhook_events group by status order by status`,
  );
  const {
    rows: [logged],
  } = await db.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries`);
  console.log(
    `outbox rows: ${byStatus.map((r) => `${r.status} ${r.n} (attempts ${r.attempts})`).join(', ')}; ` +
      `${logged!.n} attempts logged`,
  );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const rate = median(results.map((r) => r.rate));
  const ratio = median(results.map((r) => r.rate / r.bareRate));
  const sum = (pick: (r: (typeof results)[number]) => number) =>
    [warmUp, ...results].reduce((n, r) => n + pick(r), 0);
  const lost = sum((r) => r.lost);
  const concurrent = sum((r) => r.stats.concurrent);
  const badSignatures = sum((r) => r.stats.badSignatures);
  const undelivered = byStatus.filter((r) => r.status !== 'delivered').reduce((n, r) => n + r.n, 0);
  const problems = [
    lost > 0 && `${lost} events lost`,
    undelivered > 0 && `${undelivered} events not marked delivered`,
    concurrent > 0 && `${concurrent} deliveries of an event already in flight`,
    badSignatures > 0 && `${badSignatures} bad signatures`,
    sum((r) => r.bareFailed) > 0 && `bare-loop POSTs failed`,
    !smoke && rate < TARGET_RATE && `under ${TARGET_RATE} events/s`,
    !smoke && ratio < TARGET_RATIO && `ratio under ${TARGET_RATIO}`,
  ].filter(Boolean);
  if (problems.length > 0) {
    console.error(`FAILED: ${problems.join('; ')} (app logs in ${logDir})`);
    exitCode = 1;
  }
  console.log(`bench webhooks: ${rate.toFixed(0)} events/s, ratio ${ratio.toFixed(2)}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
