/**
 * `npm run bench`: on the database the environment names (DATABASE_URL, else a fresh embedded
 * PGlite in memory). First the ledger alone (journals/s on one hot wallet), then POST /buy/data
 * against a bare debit route, then a bulk airtime batch against the same purchases sent one by
 * one. The last line is the buy-data summary. BENCH_SMOKE=1: short runs. BENCH_ONLY=buy-data or
 * BENCH_ONLY=bulk: that part alone.
 */
import { openBenchDatabase } from './bench-database.ts';
import { seedReferenceData } from '../src/seed/reference-data.ts';
import { benchBuyData } from './buy-data.ts';
import { benchBulk } from './bulk.ts';
import { benchLedger } from './ledger.ts';

const smoke = process.env.BENCH_SMOKE === '1';
const seconds = Number(process.env.BENCH_SECONDS ?? (smoke ? 3 : 10));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 20);
const { database, where, close } = await openBenchDatabase('vendo_bench', { poolSize });
await database.migrate();
await seedReferenceData(database.db);

const only = process.env.BENCH_ONLY;

// Bulk purchases: 500 lines (100 in a smoke run), before the timed load runs fill the tables.
const bulk =
  only === undefined || only === 'bulk'
    ? await benchBulk(database, {
        lines: Number(process.env.BENCH_BULK_LINES ?? (smoke ? 100 : 500)),
      })
    : null;
if (bulk) {
  console.log(
    `  bulk: ${bulk.lines} lines at ${bulk.concurrency} at a time: ${bulk.bulkSuccess} delivered, ${bulk.bulkFailed} failed; singles ${bulk.singleFailures} not 200; ledger ${bulk.violations.length ? `VIOLATED: ${bulk.violations.map((v) => v.name).join(', ')}` : 'clean'}`,
  );
  console.log(
    `bench bulk-airtime (${where}): ratio ${(bulk.singlesMs / bulk.bulkMs).toFixed(2)}, batch ${(bulk.bulkMs / 1000).toFixed(2)} s from 202 to finished, ${bulk.lines} single purchases ${(bulk.singlesMs / 1000).toFixed(2)} s`,
  );
}
const bulkOk =
  bulk === null ||
  (bulk.bulkSuccess === bulk.lines && bulk.singleFailures === 0 && bulk.violations.length === 0);
if (only === 'bulk') {
  await close();
  process.exit(bulkOk ? 0 : 1);
}

// BENCH_ONLY=buy-data skips the ledger bench (for quick comparisons of the purchase path).
const ledger =
  only === 'buy-data'
    ? { perSecond: 0, p99: 0, errors: 0 }
    : await benchLedger(database, { seconds: smoke ? 2 : seconds, concurrency: connections });
if (only !== 'buy-data') {
  console.log(
    `bench ledger (${where}, ${connections} concurrent, one wallet): ${ledger.perSecond.toFixed(0)} journals/s p99 ${ledger.p99.toFixed(1)} ms, errors ${ledger.errors}`,
  );
}

const { purchase, cable, reference, violations } = await benchBuyData(database, {
  seconds,
  warmupSeconds: smoke ? 0 : 2,
  connections,
});
await close();

const spread = (r: typeof purchase) =>
  `p50 ${r.p50} p90 ${r.p90} p97.5 ${r.p97_5} p99 ${r.p99} max ${r.max} ms`;
console.log(`  purchase latency: ${spread(purchase)}; reference: ${spread(reference)}`);
const cpu = (r: typeof purchase) =>
  `${r.cpu ? `${r.cpu.msPerRequest.toFixed(2)} ms a request (${(100 * r.cpu.idle).toFixed(0)}% idle)` : 'not measured'}, app event loop ${(100 * r.appBusy).toFixed(0)}% busy`;
console.log(`  machine CPU: purchase ${cpu(purchase)}; reference ${cpu(reference)}`);
console.log(
  `  purchase: ${purchase.total} requests, ${purchase.non2xx} non-2xx, ${purchase.errors} errors; ` +
    `reference: ${reference.total} requests, ${reference.non2xx} non-2xx; ledger ${violations.length ? `VIOLATED: ${violations.map((v) => v.name).join(', ')}` : 'clean'}`,
);
const ratio = purchase.reqPerSec / Math.max(reference.reqPerSec, 1);
const cableRatio = cable.reqPerSec / Math.max(reference.reqPerSec, 1);
console.log(
  `  cable renewal: ${cable.total} requests, ${cable.non2xx} non-2xx, ${cable.errors} errors; latency ${spread(cable)}`,
);
console.log(
  `bench buy-cable: ratio ${cableRatio.toFixed(2)}, renewal ${cable.reqPerSec.toFixed(0)} req/s p99 ${cable.p99} ms, reference ${reference.reqPerSec.toFixed(0)} req/s p99 ${reference.p99} ms`,
);
console.log(
  `bench buy-data: ratio ${ratio.toFixed(2)}, purchase ${purchase.reqPerSec.toFixed(0)} req/s p99 ${purchase.p99} ms, reference ${reference.reqPerSec.toFixed(0)} req/s p99 ${reference.p99} ms`,
);
process.exitCode =
  purchase.non2xx + purchase.errors + cable.non2xx + cable.errors + ledger.errors === 0 &&
  violations.length === 0 &&
  bulkOk
    ? 0
    : 1;
