import { afterAll, beforeAll, inject } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { databaseUrlFor } from '../../../test/helpers/test-db.ts';
import type { AppContext } from '../../app-context.ts';
import { openPostgres, type Database } from '../../db/client.ts';

export const ACTORS = 3;
/** Whether the tallies of what the app answered are kept and printed (PROPERTY_VERBOSE=1). */
export const verbosity = { verbose: false };
export const tally = new Map<string, number>();
export const timing = { step: 0, check: 0 };

export const template = inject('dbTemplate');
export let t: TestApp;
export let other: Database | undefined;
/** Another server process's context on PostgreSQL (its own pool); this one on PGlite. */
export let otherCtx: AppContext;
export let admin: TestUser;

export const openApp = async () => {
  t = await createTestApp({
    // Short enough that "no answer in time" (3333, payouts to …1111) costs little per run.
    SUPPLIER_TIMEOUT_MS: '1000',
    SQUAD_TIMEOUT_MS: '1000',
    SANDBOX_SLOW_MS: '1300',
    PROCESSING_GRACE_SECONDS: '1',
    RECONCILE_RETRY_SECONDS: '1',
  });
  if (template.kind === 'pg') {
    other = openPostgres(databaseUrlFor(template.adminUrl, t.databaseName), { poolSize: 4 });
    otherCtx = { ...t.ctx, db: other.db };
  } else {
    otherCtx = t.ctx;
  }
  admin = await createUser(t.ctx, { isAdmin: true });
};
export const closeApp = async () => {
  await other?.close();
  other = undefined;
  await t?.close();
};

/** The app every run drives, opened before the property and closed after it. */
export const useLedgerPropertyApp = ({ verbose }: { verbose: boolean }): void => {
  verbosity.verbose = verbose;
  beforeAll(openApp);
  afterAll(async () => {
    if (verbose) {
      console.log(timing);
      console.log(
        [...tally.entries()]
          .sort()
          .map(([k, n]) => `${n}\t${k}`)
          .join('\n'),
      );
    }
    await closeApp();
  });
};
