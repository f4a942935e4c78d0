/**
 * `npm run db:to-postgres -- postgres://… [--data-dir DIR] [--migration-url postgres://…]`:
 * copies the stopped embedded database (DIR/pglite; default DATA_DIR) into an empty PostgreSQL
 * database, then compares both sides (rows and a digest of every table, every sequence, every
 * ledger account) and runs every ledger invariant on the target. Prints one line per table and
 * exits 0 when all agree, 1 on any difference, 2 when it refused to start (nothing written).
 * `--migration-url` is the tables' owner when the URL is the app's role (DATABASE_MIGRATION_URL).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { moveToPostgres, MoveRefusedError } from '../db/move-to-postgres.ts';

const usage =
  'usage: npm run db:to-postgres -- postgres://user:password@host:5432/database ' +
  '[--data-dir DIR] [--migration-url postgres://owner@host:5432/database]';

const hidePassword = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
};

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, 'migration-url': { type: 'string' } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const [targetUrl, ...extra] = args.positionals;
if (!targetUrl || extra.length > 0 || !/^postgres(ql)?:\/\//.test(targetUrl)) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
const dataDir = path.resolve(args.values['data-dir'] ?? config.dataDir);
// The app's own pair (DATABASE_URL and DATABASE_MIGRATION_URL) when the target is its database.
const migrationUrl =
  args.values['migration-url'] ??
  (config.databaseUrl === targetUrl ? config.databaseMigrationUrl : undefined) ??
  targetUrl;
const pgliteDir = path.join(dataDir, 'pglite');

console.log(`Copying the embedded database in ${pgliteDir}`);
console.log(`  into ${hidePassword(targetUrl)}`);
if (migrationUrl !== targetUrl) console.log(`  migrated as ${hidePassword(migrationUrl)}`);

let report;
try {
  report = await moveToPostgres({
    pgliteDir,
    targetUrl,
    migrationUrl,
    onTable: (table, rows, done) => {
      // A line per table, and one per 100,000 rows of a large one.
      if (done ? rows > 0 : rows % 100_000 === 0)
        console.log(`  ${done ? 'copied' : 'copying'} ${table}: ${rows} rows`);
    },
  });
} catch (error) {
  if (error instanceof MoveRefusedError) {
    console.error(`\ndb:to-postgres refused: ${error.message}`);
    process.exit(2);
  }
  console.error(
    '\ndb:to-postgres failed (a copy that fails is rolled back: the target keeps no copied row):',
    error,
  );
  process.exit(1);
}

const width = Math.max(5, ...report.tables.map((t) => t.table.length));
console.log(`\n${'table'.padEnd(width)}  ${'embedded'.padStart(9)}  ${'postgres'.padStart(9)}`);
for (const t of report.tables) {
  console.log(
    `${t.table.padEnd(width)}  ${String(t.sourceRows).padStart(9)}  ${String(t.targetRows).padStart(9)}  ${t.same ? 'same' : 'DIFFERENT'}`,
  );
}
const differentSequences = report.sequences.filter((q) => !q.same).map((q) => q.name);
console.log(
  `sequences: ${report.sequences.length}, ${differentSequences.length === 0 ? 'all the same' : `DIFFERENT: ${differentSequences.join(', ')}`}`,
);
console.log(
  `ledger accounts: ${report.accounts.compared} compared, ${
    report.accounts.mismatches.length === 0
      ? 'balances and postings the same on both sides'
      : `${report.accounts.mismatches.length} DIFFERENT`
  }`,
);
for (const line of report.accounts.mismatches.slice(0, 20)) console.log(`  ${line}`);
for (const r of report.invariants.filter((i) => i.violations > 0))
  console.log(`FAIL  ${r.name}  ${r.violations} violation(s)`);
const violated = report.invariants.filter((i) => i.violations > 0).length;
console.log(
  `ledger:verify on the target: ${violated === 0 ? `all ${report.invariants.length} invariants hold` : `${violated} invariant(s) violated`}`,
);
console.log(
  report.ok
    ? `db:to-postgres: done (copy ${(report.copyMs / 1000).toFixed(1)} s). Start the app with DATABASE_URL set to the target.`
    : 'db:to-postgres: the two databases DIFFER (see above); do not start the app on the target.',
);
process.exitCode = report.ok ? 0 : 1;
