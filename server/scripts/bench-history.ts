/**
 * npm run bench:history — transaction history at scale on real PostgreSQL (DATABASE_URL).
 *
 * Loads 10,000 users and their transactions into a fresh database on that server (one reseller
 * holds 10% of all rows), first 10,000 rows, then 1,000,000, with generate_series in SQL (the
 * history triggers run as in production, per statement of 50,000 rows, and their deltas are folded
 * into the daily totals before measuring, as the background fold keeps them). At each size it times
 * GET /api/v1/transaction over HTTP against the real app: a user's page 1 (the big reseller),
 * an admin's filtered page 1 (type + a 30-day range), an admin's page 500, and the all-user
 * totals (an admin's unfiltered page 1); p50/p95 of 200 calls each after 20 warm-up calls.
 * Then it exports the reseller's 100,000 rows as CSV and reports time and peak RSS growth.
 * The database is dropped at the end.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startBenchApp } from './bench-app.ts';
import { openPostgres } from '../src/db/client.ts';
import { queryRows } from '../src/db/query.ts';
import { foldAllHistoryTotals } from '../src/modules/transactions/history-fold.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'bench:history needs DATABASE_URL (a PostgreSQL server it may create a database on)',
  );
  process.exit(1);
}

const USERS = 10_000;
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARMUP = 20;
// BENCH_SMOKE=1: a quick check of the script itself (5,000 and 20,000 rows), not a measurement.
const SIZES = process.env.BENCH_SMOKE ? [5_000, 20_000] : [10_000, 1_000_000];

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const name = `vendo_bench_history_${Date.now().toString(36)}`;
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = openPostgres(url.toString(), { poolSize: 10 });

const cleanup = async () => {
  await database.close().catch(() => undefined);
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
};

try {
  await database.migrate();
  const db = database.db;

  // Users: u1 is the big reseller, u2 an admin; names user_<n>.
  await db.execute(sql`
    insert into users (user_name, email, phone_number, password_hash, user_type, is_admin)
    select 'user_' || n, 'user_' || n || '@bench.test', '080' || lpad(n::text, 8, '0'),
           'x', case when n = 1 then 'reseller' else 'smart earner' end, n = 2
    from generate_series(1, ${USERS}::int) as n`);
  await db.execute(sql`
    create table bench_others as
    select id, row_number() over (order by user_name) as k from users where user_name <> 'user_1'`);
  await db.execute(sql`create unique index on bench_others (k)`);
  const [reseller] = await queryRows<{ id: string; token_version: number }>(
    db,
    sql`select id, token_version from users where user_name = 'user_1'`,
  );
  const [staff] = await queryRows<{ id: string; token_version: number }>(
    db,
    sql`select id, token_version from users where user_name = 'user_2'`,
  );

  /**
   * Rows [from, to) of the synthetic history: row i belongs to the reseller when i % 10 = 0,
   * else to one of the other users; spread evenly over the last 365 days;
   * a mix of types, networks and statuses like a reseller's book.
   */
  const load = async (from: number, to: number) => {
    for (let start = from; start < to; start += 50_000) {
      const end = Math.min(to, start + 50_000);
      await db.execute(sql`
        insert into transactions (user_id, reference, type, network, status, amount_kobo, cost_kobo,
          profit_kobo, phone_number, balance_before_kobo, balance_after_kobo, details, created_at)
        select
          case when g.i % 10 = 0 then r.id else o.id end,
          'BH' || g.i,
          (array['data','data','data','data','airtime','airtime','electricity','wallet','transfer','refund'])[1 + g.t],
          case when g.t < 6 then (array['MTN','GLO','AIRTEL','9MOBILE'])[1 + (g.i / 10) % 4]
               when g.t = 6 then (array['Ikeja Electric','Eko Electric','Abuja Electric'])[1 + (g.i / 10) % 3]
               when g.t = 7 then 'Squad' when g.t = 8 then 'Transfer' else 'Refund' end,
          -- 92% successful, as a healthy book is; the rest failed, refunded, pending, processing.
          case when g.t in (7, 8, 9) then 'success'
               else (array['success','success','success','success','success','success','success','success','success','success','success','success','failed','refunded','pending','success','success','success','success','success','success','success','success','processing','success'])[1 + (g.i / 40) % 25] end,
          10000 + (g.i % 500) * 100, 9000 + (g.i % 500) * 90, 1000 + (g.i % 500) * 10,
          '080' || lpad(((g.i * 31) % 1000000)::text, 8, '0'),
          1000000,
          case when g.t in (7, 9) then 1010000 + (g.i % 500) * 100 else 990000 - (g.i % 500) * 100 end,
          case when g.t < 4 then jsonb_build_object('plan', (array['500MB','1GB','2GB','10GB'])[1 + g.i % 4], 'planType', 'SME') end,
          now() - random() * interval '365 days'
        from (select i, (i / 3) % 10 as t from generate_series(${start}::int, ${end - 1}::int) as i) g
        join bench_others o on o.k = 1 + (g.i::bigint * 7919) % ${USERS - 1}::int
        cross join (select id from users where user_name = 'user_1') r`);
    }
  };

  // The real app on a free port, as production runs it (no supplier calls are made).
  const app = await startBenchApp(db, url.toString());
  const { base } = app;
  const tokenOf = (user: { id: string; token_version: number }) =>
    app.tokenOf({ id: user.id, tokenVersion: user.token_version });
  const resellerToken = tokenOf(reseller!);
  const adminToken = tokenOf(staff!);

  const day = (daysAgo: number) =>
    new Date(Date.now() + 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const calls: Record<string, { token: string; query: string; path?: string }> = {
    // The floor on this machine: an authenticated call with one indexed read (a missing receipt).
    floor: {
      token: resellerToken,
      query: '',
      path: '/transaction/00000000-0000-4000-8000-000000000000',
    },
    user: { token: resellerToken, query: '' },
    'admin filtered': { token: adminToken, query: `type=data&from=${day(60)}&to=${day(30)}` },
    page500: { token: adminToken, query: 'page=500' },
    totals: { token: adminToken, query: '' },
  };

  const timeCall = async ({
    token,
    query,
    path,
  }: {
    token: string;
    query: string;
    path?: string;
  }) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1${path ?? `/transaction?${query}`}`, {
      headers: { 'x-auth-token': token },
    });
    await res.arrayBuffer();
    if (res.status !== (path ? 404 : 200))
      throw new Error(`GET ${path ?? query} answered ${res.status}`);
    return performance.now() - started;
  };
  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

  const results: Record<number, Record<string, { p50: number; p95: number }>> = {};
  let loaded = 0;
  for (const size of SIZES) {
    const t0 = performance.now();
    await load(loaded, size);
    loaded = size;
    const t1 = performance.now();
    const folded = await foldAllHistoryTotals(db);
    const foldSeconds = ((performance.now() - t1) / 1000).toFixed(1);
    await db.execute(sql`vacuum analyze transactions`);
    await db.execute(sql`vacuum analyze transaction_daily_totals`);
    await db.execute(sql`vacuum analyze transaction_total_deltas`);
    console.log(
      `loaded ${size.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (${folded.toLocaleString('en')} deltas folded in ${foldSeconds} s)`,
    );
    results[size] = {};
    for (const [label, call] of Object.entries(calls)) {
      for (let i = 0; i < WARMUP; i++) await timeCall(call);
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push(await timeCall(call));
      times.sort((a, b) => a - b);
      results[size]![label] = { p50: percentile(times, 50), p95: percentile(times, 95) };
      console.log(
        `  ${size.toLocaleString('en')} rows, ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
      );
    }
  }

  // The reseller's statement: 100,000 rows, streamed; RSS sampled while it runs.
  const [{ n } = { n: 0 }] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from transactions where user_id = ${reseller!.id}`,
  );
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 5);
  const csvStarted = performance.now();
  const res = await fetch(`${base}/api/v1/transaction/statement.csv`, {
    headers: { 'x-auth-token': resellerToken },
  });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const csvMs = performance.now() - csvStarted;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  const growthMb = (rssPeak - rssBefore) / 1024 / 1024;
  console.log(
    `  CSV of one user's ${Number(n).toLocaleString('en')} rows: ${lines - 1} lines, ${(bytes / 1e6).toFixed(1)} MB in ${(csvMs / 1000).toFixed(2)} s, peak RSS growth ${growthMb.toFixed(1)} MB`,
  );

  await app.close();

  const big = results[SIZES[1]!]!;
  const small = results[SIZES[0]!]!;
  const growth = Math.max(
    ...Object.keys(big)
      .filter((k) => k !== 'floor')
      .map((k) => big[k]!.p50 / small[k]!.p50),
  );
  const p95 = (label: string) => big[label]!.p95.toFixed(1);
  console.log(
    `  totals at 1M: p95 ${p95('totals')} ms; growth = worst p50 at 1M / p50 at 10k over the four calls`,
  );
  console.log(
    `bench history: p95 user ${p95('user')} ms, admin filtered ${p95('admin filtered')} ms, page500 ${p95('page500')} ms, growth ${growth.toFixed(2)}×`,
  );
} finally {
  await cleanup();
}
