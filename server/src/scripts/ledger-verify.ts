/**
 * `npm run ledger:verify`: checks every ledger invariant against the database the app would open
 * (DATABASE_URL, else PGlite in DATA_DIR), prints each with its count of violations, and exits
 * non-zero on any. With PGlite it needs the app stopped (the data folder is locked while it runs).
 */
import { loadCommandConfig } from '../config-commands.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { DirLockedError } from '../db/dir-lock.ts';
import { checkLedgerInvariants } from '../modules/ledger/ledger.invariants.ts';
import { printInvariants } from './invariant-report.ts';

// The data folder `npm start` opens, wherever the command is typed.
const config = loadCommandConfig();
let database;
try {
  database = await openConfiguredDatabase(config);
} catch (error) {
  console.error(error instanceof DirLockedError ? error.message : error);
  process.exit(2);
}
try {
  await database.migrate();
  const results = await checkLedgerInvariants(database.db);
  process.exitCode = printInvariants(results, 'ledger:verify') ? 0 : 1;
} finally {
  await database.close();
}
