/**
 * `npm run restore -- FILE [--data-dir DIR]`: writes a backup made by `npm run backup` into an
 * empty data folder (DIR, default the one `npm start` opens), applies the migrations the app
 * would apply at start, checks every ledger invariant and prints what the database holds. Exits
 * 1 when an invariant is violated (the folder is restored all the same), 2 when it refuses.
 * Refuses on PostgreSQL (DATABASE_URL): see docs/operations.md, "Backups".
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { formatNaira } from '@vendo/shared/money';
import { loadConfig } from '../config.ts';
import { countRestored } from '../db/backup.repository.ts';
import { openPglite, type Database } from '../db/client.ts';
import { checkLedgerInvariants } from '../modules/ledger/ledger.invariants.ts';
import { parseBackupArgs, postgresRefusal, UsageError } from './backup-args.ts';
import { printInvariants } from './invariant-report.ts';

const fail = (message: string): never => {
  console.error(`restore: ${message}`);
  process.exit(2);
};

/** The names of a tarball's entries (ustar: a 512-byte header, then the data in 512-byte blocks). */
const tarEntries = (tar: Buffer): string[] => {
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    const field = (from: number, to: number) =>
      header.subarray(from, to).toString('utf8').replace(/\0.*$/s, '');
    const name = field(0, 100);
    if (!name) break; // the two empty blocks at the end
    const size = parseInt(field(124, 136).trim() || '0', 8);
    if (!Number.isFinite(size)) break;
    names.push(`${field(345, 500)}${name}`.replace(/^\.?\/+/, ''));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
};

const config = loadConfig();
if (config.databaseUrl) fail(postgresRefusal('restore'));
let args;
try {
  args = parseBackupArgs('restore', process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  fail(error.message);
}
const { file, dataDir } = args!;
if (!fs.existsSync(file)) fail(`${file} does not exist`);
const existed = fs.existsSync(dataDir);
if (existed && fs.readdirSync(dataDir).length > 0)
  fail(
    `${dataDir} is not empty. Restore into an empty or new folder (--data-dir DIR), then ` +
      `start the app on it with DATA_DIR=DIR; a database is never overwritten.`,
  );

let tar: Buffer;
try {
  tar = zlib.gunzipSync(fs.readFileSync(file));
} catch (error) {
  fail(`${file} is not a backup made by npm run backup (${(error as Error).message})`);
}
if (!tarEntries(tar!).includes('PG_VERSION'))
  fail(`${file} is not a backup made by npm run backup (no PostgreSQL data folder in it)`);

const started = performance.now();
let database: Database | undefined;
try {
  database = await openPglite({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: new Blob([tar!], { type: 'application/x-tar' }),
  });
  // What the app does at every start: a backup of an older version gets the newer tables.
  await database.migrate();
} catch (error) {
  await database?.close().catch(() => undefined);
  // Nothing of a half-written database is left behind: the folder was empty.
  fs.rmSync(existed ? path.join(dataDir, 'pglite') : dataDir, { recursive: true, force: true });
  fail(`the backup could not be restored: ${error instanceof Error ? error.message : error}`);
}
try {
  const db = database!.db;
  const counts = await countRestored(db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`restore: ${file} written to ${dataDir} in ${seconds} s`);
  console.log(
    `restore: ${counts.users} users, ${counts.transactions} transactions` +
      (counts.newestTransactionAt ? ` (newest ${counts.newestTransactionAt.toISOString()})` : '') +
      `, ${counts.journals} journals, ${counts.postings} postings, ` +
      `wallets ${formatNaira(counts.walletsKobo)}`,
  );
  const clean = printInvariants(await checkLedgerInvariants(db), 'restore');
  console.log(
    clean
      ? `restore: done; start the app on it with DATA_DIR=${dataDir}`
      : 'restore: the database is restored but its ledger is not consistent (see above)',
  );
  process.exitCode = clean ? 0 : 1;
} finally {
  await database!.close();
}
