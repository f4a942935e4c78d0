/**
 * npm run bench:reset-timing — does a password-reset request take as long for an e-mail that
 * has an account as for one that has none? (decision 0028)
 *
 * On the embedded database (a fresh in-memory PGlite) or, with DATABASE_URL, a fresh database on
 * that PostgreSQL server (dropped at the end). Creates BENCH_CALLS (200) accounts, then sends
 * POST /auth/requestPasswordReset over HTTP for each account's e-mail and for as many addresses
 * no account has, alternately (after 20 of each not counted), one request at a time, each
 * e-mail asked once (so both kinds start a rate-limit count of their own), from a client in a
 * process of its own (scripts/reset-timing.client.mjs) that pauses 25 ms after each answer, time
 * for the mail an account's request queued to go: what is compared is the request path, not the
 * mail sent after it. Checks that every account was mailed and no one else. Prints p10/p50/p90 of each kind and the
 * difference of the medians.
 */
import { fork } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from '../bench/bench-database.ts';
import { queryRows } from '../src/db/query.ts';
import { seedReferenceData } from '../src/seed/reference-data.ts';
import { createUser } from '../src/modules/users/users.service.ts';
import { startBenchApp } from './bench-app.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARMUP = 20;
/** The client's pause after each answer: time for the mail it kicked off to go. */
const PAUSE_MS = 25;
const { database, where, url, close } = await openBenchDatabase('vendo_bench_reset', {
  poolSize: 10,
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => value.toFixed(2);

try {
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await startBenchApp(database.db, url, {
    RESET_RATE_LIMIT: '1000000',
    BCRYPT_ROUNDS: '4',
  });
  const total = CALLS + WARMUP;
  const run = Date.now().toString(36);
  const known: string[] = [];
  for (let i = 0; i < total; i += 1) {
    const user = await createUser(
      database.db,
      {
        userName: `reset_${run}_${i}`,
        email: `reset_${run}_${i}@bench.test`,
        phoneNumber: `070${String(10_000_000 + i).slice(-8)}`,
        password: 'Bench#2026',
      },
      { bcryptRounds: 4 },
    );
    known.push(user.email);
  }
  const unknown = known.map((_, i) => `nobody_${run}_${i}@bench.test`);

  const child = fork(new URL('./reset-timing.client.mjs', import.meta.url));
  const times = await new Promise<{ known: number[]; unknown: number[] }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { known: number[]; unknown: number[] }));
    child.once('exit', (code) => reject(new Error(`the client process ended (${code})`)));
    child.send({
      url: `${app.base}/api/v1/auth/requestPasswordReset`,
      pairs: known.map((email, i) => [email, unknown[i]]),
      warmup: WARMUP,
      pauseMs: PAUSE_MS,
    });
  });
  // Let the last kick finish, then check every account got its mail, and nobody else.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const [counted] = await queryRows<{ n: number | string }>(
    database.db,
    sql`select count(*) as n from sandbox_mails`,
  );
  const mailed = Number(counted?.n ?? 0);
  if (mailed !== total) throw new Error(`${mailed} mails sent for ${total} accounts`);
  await app.close();

  const line = (kind: 'known' | 'unknown') =>
    `${kind === 'known' ? 'account   ' : 'no account'}: p10 ${ms(percentile(times[kind], 10))} ms, p50 ${ms(percentile(times[kind], 50))} ms, p90 ${ms(percentile(times[kind], 90))} ms`;
  console.log(`bench reset-timing (${where}, ${CALLS} requests of each kind, one at a time)`);
  console.log(line('known'));
  console.log(line('unknown'));
  const difference = percentile(times.known, 50) - percentile(times.unknown, 50);
  console.log(
    `bench reset-timing: median account ${ms(percentile(times.known, 50))} ms, no account ${ms(percentile(times.unknown, 50))} ms, difference ${ms(difference)} ms`,
  );
} finally {
  await close();
}
