/**
 * npm run bench:ledger-check — the scheduled ledger check at scale on real PostgreSQL
 * (DATABASE_URL, a superuser: the load skips the ledger's triggers to be quick).
 *
 * Loads 10,000 users with their two wallets and an opening journal each, then 1,000,000
 * delivered purchases as the app books them: the receipt, the debit journal (wallet → purchase
 * clearing) and the sale journal (clearing → supplier float and sales revenue), about 2,000,000
 * journals and 5,000,000 postings, balanced and with running balances, so every invariant holds.
 * Then it times each invariant's query, and the scheduled pass as it runs in the app (no
 * parallel workers, a statement timeout), and checks the pass finds no violation.
 * BENCH_PURCHASES changes the count; BENCH_KEEP=1 keeps the database. The database is dropped at
 * the end.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { queryRows } from '../src/db/query.ts';
import { createLogger } from '../src/lib/logger.ts';
import { runLedgerCheck } from '../src/modules/ledger/ledger-check.service.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/ledger.invariants.ts';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('bench:ledger-check needs DATABASE_URL (a PostgreSQL superuser)');
  process.exit(1);
}

const USERS = 10_000;
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1_000_000);
const CHARGE = 600_00;
const COST = 560_00;
const OPENING = 1_000_000_00;
const BATCH = 200_000;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const name = `vendo_bench_ledger_${Date.now().toString(36)}`;
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = openPostgres(url.toString(), { poolSize: 4 });

const cleanup = async () => {
  await database.close().catch(() => undefined);
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end().catch(() => undefined);
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  await database.migrate();
  const loader = new pg.Client({ connectionString: url.toString() });
  await loader.connect();
  const started = performance.now();
  // Bench data only: no triggers (append-only guards, balance check, history deltas, outbox).
  await loader.query(`set session_replication_role = replica`);
  await loader.query(`
    insert into users (user_name, email, phone_number, password_hash)
    select 'user_' || n, 'user_' || n || '@bench.test', '080' || lpad(n::text, 8, '0'), 'x'
    from generate_series(1, ${USERS}) as n`);
  await loader.query(`
    create table bench_users as
    select row_number() over (order by user_name) - 1 as k, id from users`);
  await loader.query(`
    insert into ledger_accounts (kind, user_id, balance_kobo)
    select kind, u.id, case when kind = 'user_main'
      then ${OPENING} - ${CHARGE}::bigint * ((${PURCHASES} - 1 - u.k) / ${USERS} + 1)
        * (case when u.k < ${PURCHASES} then 1 else 0 end)
      else 0 end
    from bench_users u, (values ('user_main'), ('user_earnings')) as w(kind)`);
  await loader.query(`
    create table bench_accounts as
    select u.k, a.id from bench_users u join ledger_accounts a on a.user_id = u.id
    where a.kind = 'user_main'`);
  await loader.query(`create unique index on bench_accounts (k)`);
  const code = async (c: string) =>
    (await loader.query<{ id: string }>(`select id from ledger_accounts where code = $1`, [c]))
      .rows[0]!.id;
  const opening = await code('opening_balances');
  const clearing = await code('purchase_clearing');
  const float = await code('supplier_float:ALARO');
  const revenue = await code('sales_revenue');

  // Openings: one journal per user.
  await loader.query(`
    insert into journals (id, reference, kind)
    select md5('o' || k)::uuid, 'opening:' || k, 'opening_balance' from bench_users`);
  await loader.query(`
    insert into postings (journal_id, account_id, amount_kobo, balance_after_kobo)
    select j, acc, amt, bal from (
      select md5('o' || a.k)::uuid as j, a.id as acc, ${OPENING}::bigint as amt,
             ${OPENING}::bigint as bal, a.k, 1 as o from bench_accounts a
      union all
      select md5('o' || a.k)::uuid, '${opening}'::uuid, -${OPENING}::bigint, null, a.k, 2
      from bench_accounts a) x
    order by k, o`);

  for (let from = 0; from < PURCHASES; from += BATCH) {
    const to = Math.min(PURCHASES, from + BATCH);
    // Purchase i belongs to user i % USERS and is that user's (i / USERS + 1)th.
    await loader.query(`
      insert into transactions (user_id, reference, type, network, status, amount_kobo,
        profit_kobo, balance_before_kobo, balance_after_kobo, supplier, settled_at)
      select u.id, 'B' || i, 'data', 'MTN', 'success', ${CHARGE}, ${CHARGE - COST},
        ${OPENING} - ${CHARGE}::bigint * (i / ${USERS}),
        ${OPENING} - ${CHARGE}::bigint * (i / ${USERS} + 1), 'ALARO', now()
      from generate_series(${from}, ${to - 1}) as i join bench_users u on u.k = i % ${USERS}`);
    await loader.query(`
      insert into journals (id, reference, kind)
      select md5(p || i)::uuid, r || 'B' || i, k
      from generate_series(${from}, ${to - 1}) as i,
           (values ('p', 'purchase:', 'purchase'), ('s', 'settle:', 'sale')) as v(p, r, k)`);
    await loader.query(`
      insert into postings (journal_id, account_id, amount_kobo, balance_after_kobo)
      select j, acc, amt, bal from (
        select md5('p' || i)::uuid as j, a.id as acc, -${CHARGE}::bigint as amt,
               ${OPENING} - ${CHARGE}::bigint * (i / ${USERS} + 1) as bal, i, 1 as o
        from generate_series(${from}, ${to - 1}) as i join bench_accounts a on a.k = i % ${USERS}
        union all
        select md5('p' || i)::uuid, '${clearing}'::uuid, ${CHARGE}, null, i, 2
        from generate_series(${from}, ${to - 1}) as i
        union all
        select md5('s' || i)::uuid, '${clearing}'::uuid, -${CHARGE}, null, i, 3
        from generate_series(${from}, ${to - 1}) as i
        union all
        select md5('s' || i)::uuid, '${float}'::uuid, ${COST}, null, i, 4
        from generate_series(${from}, ${to - 1}) as i
        union all
        select md5('s' || i)::uuid, '${revenue}'::uuid, ${CHARGE - COST}, null, i, 5
        from generate_series(${from}, ${to - 1}) as i) x
      order by i, o`);
    process.stdout.write(`loaded ${to.toLocaleString('en')} purchases\r`);
  }
  await loader.query(`drop table bench_accounts; drop table bench_users`);
  await loader.query(`vacuum analyze`);
  await loader.end();
  const [counts] = await queryRows<{ journals: string; postings: string }>(
    database.db,
    sql`select (select count(*) from journals) as journals, (select count(*) from postings) as postings`,
  );
  console.log(
    `\nloaded ${PURCHASES.toLocaleString('en')} purchases: ${Number(counts!.journals).toLocaleString('en')} journals, ${Number(counts!.postings).toLocaleString('en')} postings in ${seconds(performance.now() - started)}`,
  );

  // Each invariant alone (as ledger:verify runs them, parallel workers allowed).
  const each = performance.now();
  const results = await checkLedgerInvariants(database.db);
  console.log(
    `ledger:verify-style run (parallel workers allowed): ${seconds(performance.now() - each)}`,
  );
  const broken = results.filter((r) => r.violations > 0);
  if (broken.length) console.log('violations:', broken);

  const config = loadConfig({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' });
  const ctx = { db: database.db, logger: createLogger('silent'), config };
  for (let run = 1; run <= 3; run += 1) {
    const record = await runLedgerCheck(ctx, { intervalSeconds: 0 });
    console.log(
      `bench ledger-check: scheduled pass ${run}: ${seconds(record!.durationMs)}, ok ${record!.ok}${record!.error ? `, ${record!.error}` : ''}`,
    );
  }
} finally {
  await cleanup();
}
