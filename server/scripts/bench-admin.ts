/**
 * npm run bench:admin — the back office at scale on real PostgreSQL (DATABASE_URL).
 *
 * Loads 100,000 users (wallets with balances, a mix of tiers, full names, last logins) and
 * 1,000,000 transactions spread over the last 365 days into a fresh database on that server,
 * with generate_series in SQL (the history triggers run as in production, per statement of
 * 50,000 rows; their deltas are then folded, as the background fold keeps them). Then, after 20
 * warm-up calls, p50/p95 of 200 calls each of:
 * - the dashboard figures: the service behind GET /admin/ without the suppliers' float (a
 *   network call to each supplier, outside the database; not what this measures);
 * - the floor: an authenticated call that reads one row by primary key (what any call costs);
 * - the sales chart (GET /admin/salesChart, 30 days) over HTTP;
 * - GET /admin/users page 1 over HTTP with each filter: none, type, userName, phoneNumber, search;
 * and GET /admin/users.csv of all 100,000 users (time, peak RSS growth of this process, which
 * serves it). `--smoke` (or BENCH_SMOKE=1): 2,000 users and 20,000 transactions, 30 calls each,
 * a check of the script itself, not a measurement. The database is dropped at the end
 * (BENCH_KEEP=1 keeps it).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startBenchApp } from './bench-app.ts';
import { openPostgres } from '../src/db/client.ts';
import { queryRows } from '../src/db/query.ts';
import { users } from '../src/db/schema/index.ts';
import { adminDashboard } from '../src/modules/admin/admin-people.service.ts';
import { foldAllHistoryTotals } from '../src/modules/transactions/history-fold.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:admin needs DATABASE_URL (a PostgreSQL server it may create a database on)');
  process.exit(1);
}

const SMOKE = process.argv.includes('--smoke') || Boolean(process.env.BENCH_SMOKE);
// BENCH_USERS / BENCH_TRANSACTIONS change the sizes (to look at one part more closely).
const USERS = Number(process.env.BENCH_USERS ?? (SMOKE ? 2_000 : 100_000));
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? (SMOKE ? 20_000 : 1_000_000));
const CALLS = Number(process.env.BENCH_CALLS ?? (SMOKE ? 30 : 200));
const WARMUP = SMOKE ? 5 : 20;
const TARGETS = { dashboard: 50, usersPage: 30, csvSeconds: 5 };

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const name = `vendo_bench_admin_${Date.now().toString(36)}`;
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

const seconds = (ms: number) => (ms / 1000).toFixed(1);

try {
  await database.migrate();
  const db = database.db;
  const t0 = performance.now();

  // Users: user_1 is the admin; 10% resellers, 3% api users; joined over the last three years;
  // 70% have signed in at some point. Names from a few lists so searches match some, not all.
  await db.execute(sql`
    insert into users (user_name, email, phone_number, password_hash, user_type, is_admin,
                       full_name, last_login, created_at)
    select 'user_' || n, 'mail' || n || '@bench.test', '080' || lpad(n::text, 8, '0'), 'x',
           case when n % 10 = 3 then 'reseller' when n % 33 = 5 then 'api user' else 'smart earner' end,
           n = 1,
           (array['Ada','Bola','Chidi','Dayo','Emeka','Funke','Gbenga','Halima'])[1 + n % 8] || ' ' ||
           (array['Okafor','Adeyemi','Bello','Eze','Ibrahim','Okoro','Balogun'])[1 + (n / 8) % 7],
           case when n % 10 < 7 then now() - (n % 400) * interval '1 day' end,
           now() - (n::float / ${USERS}::int) * interval '1095 days'
    from generate_series(1, ${USERS}::int) as n`);
  await db.execute(sql`
    insert into ledger_accounts (kind, user_id, balance_kobo)
    select 'user_main', id, (hashtext(id::text) & 1048575) * 10 from users`);
  await db.execute(sql`
    insert into ledger_accounts (kind, user_id) select 'user_earnings', id from users`);
  await db.execute(sql`
    create temporary table bench_users as
    select id, row_number() over (order by id) as k from users`);
  await db.execute(sql`create unique index on bench_users (k)`);
  console.log(`loaded ${USERS.toLocaleString('en')} users in ${seconds(performance.now() - t0)} s`);

  // Transactions as bench-history makes them: a mix of types, networks and statuses over a year.
  const t1 = performance.now();
  for (let start = 0; start < TRANSACTIONS; start += 50_000) {
    const end = Math.min(TRANSACTIONS, start + 50_000);
    await db.execute(sql`
      insert into transactions (user_id, reference, type, network, status, amount_kobo, cost_kobo,
        profit_kobo, phone_number, balance_before_kobo, balance_after_kobo, details, created_at)
      select
        u.id,
        'BA' || g.i,
        (array['data','data','data','data','airtime','airtime','electricity','wallet','transfer','refund'])[1 + g.t],
        case when g.t < 6 then (array['MTN','GLO','AIRTEL','9MOBILE'])[1 + (g.i / 10) % 4]
             when g.t = 6 then (array['Ikeja Electric','Eko Electric','Abuja Electric'])[1 + (g.i / 10) % 3]
             when g.t = 7 then 'Squad' when g.t = 8 then 'Transfer' else 'Refund' end,
        case when g.t in (7, 8, 9) then 'success'
             else (array['success','success','success','success','success','success','success','success','success','success','success','success','failed','refunded','pending','success','success','success','success','success','success','success','success','processing','success'])[1 + (g.i / 40) % 25] end,
        10000 + (g.i % 500) * 100, 9000 + (g.i % 500) * 90, 1000 + (g.i % 500) * 10,
        '080' || lpad(((g.i * 31) % 1000000)::text, 8, '0'),
        1000000,
        case when g.t in (7, 9) then 1010000 + (g.i % 500) * 100 else 990000 - (g.i % 500) * 100 end,
        case when g.t < 4 then jsonb_build_object('plan', (array['500MB','1GB','2GB','10GB'])[1 + g.i % 4], 'planType', 'SME') end,
        now() - random() * interval '365 days'
      from (select i, (i / 3) % 10 as t from generate_series(${start}::int, ${end - 1}::int) as i) g
      join bench_users u on u.k = 1 + (g.i::bigint * 7919) % ${USERS}::int`);
  }
  // Unsettled purchases are few in a healthy book (the reconciler settles them in minutes).
  await db.execute(sql`
    update transactions set status = 'success'
    where status in ('processing', 'pending') and created_at < now() - interval '1 day'`);
  const folded = await foldAllHistoryTotals(db);
  for (const table of [
    'users',
    'ledger_accounts',
    'transactions',
    'transaction_daily_totals',
    'transaction_total_deltas',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  console.log(
    `loaded ${TRANSACTIONS.toLocaleString('en')} transactions in ${seconds(performance.now() - t1)} s (${folded.toLocaleString('en')} history deltas folded)`,
  );

  // The real app on a free port, as production runs it (the sandbox suppliers are never asked).
  const { ctx, base, tokenOf, close } = await startBenchApp(db, url.toString());
  const [staff] = await db
    .select()
    .from(users)
    .where(sql`${users.userName} = 'user_1'`);
  const token = tokenOf(staff!);

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const measure = async (label: string, call: () => Promise<unknown>) => {
    for (let i = 0; i < WARMUP; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const result = { p50: percentile(times, 50), p95: percentile(times, 95) };
    console.log(`  ${label}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`);
    return result;
  };
  const get =
    (path: string, status = 200) =>
    async () => {
      const res = await fetch(`${base}/api/v1${path}`, { headers: { 'x-auth-token': token } });
      await res.arrayBuffer();
      if (res.status !== status) throw new Error(`GET ${path} answered ${res.status}`);
    };

  const sample = Math.floor(USERS / 2) + 7;
  const results = {
    // What the machine gives any call: authentication and one read by primary key (a missing receipt).
    floor: await measure(
      'floor (auth + one indexed read)',
      get('/transaction/00000000-0000-4000-8000-000000000000', 404),
    ),
    dashboard: await measure('dashboard figures (service, no supplier float)', () =>
      adminDashboard(ctx, staff!, { withFloat: false }),
    ),
    chart: await measure('sales chart, 30 days', get('/admin/salesChart?days=30')),
    none: await measure('users page, no filter', get('/admin/users')),
    type: await measure('users page, type=reseller', get('/admin/users?type=reseller')),
    userName: await measure(
      `users page, userName=user_${sample}`,
      get(`/admin/users?userName=user_${sample}`),
    ),
    phoneNumber: await measure(
      `users page, phoneNumber=${String(sample).padStart(8, '0').slice(0, 6)}`,
      get(`/admin/users?phoneNumber=${String(sample).padStart(8, '0').slice(0, 6)}`),
    ),
    search: await measure(
      `users page, search=mail${sample}@`,
      get(`/admin/users?search=mail${sample}@`),
    ),
    searchName: await measure(
      'users page, search=funke oka',
      get('/admin/users?search=funke%20oka'),
    ),
  };

  // Every user as CSV, streamed; RSS sampled while it runs.
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 5);
  const csvStarted = performance.now();
  const res = await fetch(`${base}/api/v1/admin/users.csv`, { headers: { 'x-auth-token': token } });
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
    `  CSV of all ${USERS.toLocaleString('en')} users (${res.headers.get('content-disposition')}): ${lines - 1} lines, ${(bytes / 1e6).toFixed(1)} MB in ${(csvMs / 1000).toFixed(2)} s, peak RSS growth ${growthMb.toFixed(1)} MB`,
  );
  if (lines - 1 !== USERS) throw new Error(`the CSV has ${lines - 1} rows, not ${USERS}`);

  await close();

  const [{ n } = { n: 0 }] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from transactions`,
  );
  const pages = ['none', 'type', 'userName', 'phoneNumber', 'search', 'searchName'] as const;
  const worstPage = Math.max(...pages.map((k) => results[k].p95));
  const met =
    results.dashboard.p95 <= TARGETS.dashboard &&
    worstPage <= TARGETS.usersPage &&
    csvMs / 1000 <= TARGETS.csvSeconds;
  console.log(
    `bench admin${SMOKE ? ' (smoke)' : ''}: ${USERS.toLocaleString('en')} users, ${Number(n).toLocaleString('en')} transactions; p95 dashboard ${results.dashboard.p95.toFixed(1)} ms (≤ ${TARGETS.dashboard}), worst users page ${worstPage.toFixed(1)} ms (≤ ${TARGETS.usersPage}), CSV ${(csvMs / 1000).toFixed(2)} s (≤ ${TARGETS.csvSeconds}), RSS +${growthMb.toFixed(1)} MB; ${met ? 'targets met' : 'TARGETS MISSED'}`,
  );
} finally {
  await cleanup();
}
