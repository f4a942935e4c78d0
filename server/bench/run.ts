/**
 * `npm run bench`: ledger throughput on the database the environment names (DATABASE_URL, else a
 * fresh embedded PGlite in memory). C workers post debit journals on one funded wallet for D
 * seconds; prints journals/s and p99 latency. BENCH_SMOKE=1 runs a short smoke (CI).
 * The purchase benchmark (POST /buy/data against a bare debit route) joins it with vending.
 */
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/ledger.invariants.ts';
import { postJournalNow } from '../src/modules/ledger/ledger.service.ts';
import { createUser } from '../src/modules/users/users.service.ts';

const smoke = process.env.BENCH_SMOKE === '1';
const seconds = Number(process.env.BENCH_SECONDS ?? (smoke ? 2 : 10));
const concurrency = Number(process.env.BENCH_CONNECTIONS ?? 50);
const url = process.env.DATABASE_URL;

const database: Database = url ? openPostgres(url, { poolSize: 20 }) : await openPglite();
await database.migrate();
await seedReferenceData(database.db);
const user = await createUser(
  database.db,
  {
    userName: `bench_${Date.now()}`,
    email: `bench_${Date.now()}@example.test`,
    phoneNumber: `070${String(Date.now()).slice(-8)}`,
    password: 'Bench#2026',
  },
  { bcryptRounds: 4 },
);
const fundKobo = 1_000_000_000_00;
await postJournalNow(database.db, {
  reference: `bench:fund:${user.id}`,
  kind: 'opening_balance',
  postings: [
    { systemCode: 'opening_balances', amountKobo: -fundKobo },
    { userId: user.id, wallet: 'main', amountKobo: fundKobo },
  ],
});

const latencies: number[] = [];
let errors = 0;
let seq = 0;
const deadline = performance.now() + seconds * 1000;
const worker = async () => {
  while (performance.now() < deadline) {
    const started = performance.now();
    try {
      await postJournalNow(database.db, {
        reference: `bench:${user.id}:${(seq += 1)}`,
        kind: 'bench_debit',
        postings: [
          { userId: user.id, wallet: 'main', amountKobo: -100_00 },
          { systemCode: 'sales_revenue', amountKobo: 100_00 },
        ],
      });
      latencies.push(performance.now() - started);
    } catch {
      errors += 1;
    }
  }
};
const began = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsed = (performance.now() - began) / 1000;
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
const violations = (await checkLedgerInvariants(database.db)).filter((r) => r.violations > 0);
await database.close();

console.log(
  `bench ledger (${url ? 'PostgreSQL' : 'embedded PGlite'}, ${concurrency} concurrent, ${seconds}s): ` +
    `${(latencies.length / elapsed).toFixed(0)} journals/s p99 ${p99.toFixed(1)} ms, errors ${errors}, ` +
    `ledger ${violations.length === 0 ? 'clean' : 'VIOLATED'}`,
);
process.exitCode = errors === 0 && violations.length === 0 ? 0 : 1;
