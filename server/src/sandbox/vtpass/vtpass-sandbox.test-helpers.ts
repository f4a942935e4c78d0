import express from 'express';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-db.ts';
import { openPostgres, type Db } from '../../db/client.ts';
import type { BillsSupplier } from '../../providers/bills/port.ts';
import {
  SANDBOX_VTPASS_KEYS,
  SANDBOX_VTPASS_PATH,
  vtpassBaseUrl,
} from '../../providers/bills/vtpass.config.ts';
import { adapterFor, listen, stop } from '../../providers/bills/vtpass.test-helpers.ts';
import { vtpassSandboxRoutes } from './vtpass-sandbox.routes.ts';
import { databaseVtpassBooks } from './vtpass-sandbox.store.ts';

/** The sandbox VTpass at /sandbox/vtpass on a fresh test database, and the adapter for it. */
export const useSandboxVtpass = () => {
  const env = {
    vtpass: undefined as unknown as BillsSupplier,
    baseUrl: '',
    /**
     * The adapter for a second sandbox VTpass on its own connection pool to the same database
     * (PostgreSQL; on PGlite the same database object): another process, as far as it can tell.
     */
    otherProcess: undefined as unknown as () => Promise<BillsSupplier>,
  };
  const cleanups: (() => Promise<void>)[] = [];
  const serve = async (db: Db) => {
    const app = express();
    app.use(
      SANDBOX_VTPASS_PATH,
      vtpassSandboxRoutes({ books: databaseVtpassBooks(db), keys: SANDBOX_VTPASS_KEYS }),
    );
    const { server, url } = await listen(app);
    cleanups.push(() => stop(server));
    return vtpassBaseUrl({ baseUrl: null, ...SANDBOX_VTPASS_KEYS, timeoutMs: 3000 }, url);
  };
  beforeAll(async () => {
    const database = await createTestDatabase();
    cleanups.push(database.close);
    env.baseUrl = await serve(database.db);
    env.vtpass = adapterFor(env.baseUrl);
    env.otherProcess = async () => {
      let db = database.db;
      if (database.driver === 'pg') {
        const other = openPostgres(database.url, { poolSize: 2 });
        cleanups.unshift(other.close);
        db = other.db;
      }
      return adapterFor(await serve(db));
    };
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return env;
};
