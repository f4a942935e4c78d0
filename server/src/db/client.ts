import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDirLock, type DirLock } from './dir-lock.ts';
import { inTransaction } from './retry.ts';

/** One type for both drivers: features never know which PostgreSQL they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction in progress. */
export type DbOrTx = Db | Tx;

/** node-postgres's pool right now (its documented counters); PGlite has no pool. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  driver: 'pglite' | 'pg';
  /** PostgreSQL only: the connection pool's counts, for /metrics. */
  poolStats?: () => PoolStats;
  /**
   * Applies the checked-in migrations; safe to run from several processes at once. On
   * PostgreSQL with a migration URL of another role, they run as that role (the tables' owner)
   * and the app's role then gets its grants (vendo_grant_app_role, migration 0026).
   */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * PGlite only: the data folder as an uncompressed tarball of a committed state (see
   * snapshotPglite). Undefined on PostgreSQL, whose backups are pg_dump's and WAL archiving's.
   */
  snapshot?: () => Promise<Blob>;
};

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Databases opened with named prepared statements off (behind a transaction pooler). */
const unnamedOnly = new WeakSet<Db>();

/**
 * Whether a statement may be prepared under a name on `db`'s connections. A transaction pooler
 * (PgBouncer 1.18 in pool_mode=transaction) hands each transaction any server connection, where
 * a statement prepared on another is unknown; unnamed statements are parsed with their own
 * query and need nothing kept.
 */
export const namedStatementsAllowed = (db: Db): boolean => !unnamedOnly.has(db);

/**
 * Opens node-postgres against a server. The pool rides through a restart or fail-over: a
 * connection that breaks, idle or checked out, is reported to `onConnectionError` (never an
 * unhandled 'error' event, which would end the process), its query fails (the API answers 503)
 * and the pool drops it; the next checkout connects afresh. A connection attempt waits at most
 * `connectTimeoutMs`, so requests during an outage fail fast instead of queueing.
 */
export const openPostgres = (
  url: string,
  {
    poolSize = 10,
    connectTimeoutMs = 15_000,
    onConnectionError = () => undefined,
    migrationUrl = url,
    preparedStatements = true,
  }: {
    poolSize?: number;
    /** false: no named prepared statement on these connections (a transaction pooler). */
    preparedStatements?: boolean;
    connectTimeoutMs?: number;
    onConnectionError?: (error: Error) => void;
    /** Where migrations run: the tables' owner (DATABASE_MIGRATION_URL); default `url`. */
    migrationUrl?: string;
  } = {},
): Database => {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    // Half-open connections (a fail-over that drops packets) are found by TCP keep-alive.
    keepAlive: true,
  });
  // pg-pool listens for errors on idle clients only; a client checked out by a request or a
  // transaction gets its own listener here, for as long as it lives.
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  pool.on('error', onConnectionError);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (!preparedStatements) unnamedOnly.add(db);
  return {
    db,
    driver: 'pg',
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    migrate: async () => {
      // The role the app really connects as (the URL may leave it to PGUSER or the OS user).
      const appRole =
        migrationUrl === url
          ? undefined
          : (await pool.query<{ current_user: string }>('select current_user')).rows[0]
              ?.current_user;
      await migratePostgres(migrationUrl, { appRole });
    },
    close: () => pool.end(),
  };
};

/**
 * Migrates a PostgreSQL server on one dedicated connection holding an advisory lock, then, when
 * the app connects as another role than the migrations, gives that role its grants: rows to read
 * and write, journals and postings insert-only, no table to change (re-applied at every start,
 * under the same lock, so concurrent starts never grant at once).
 */
const migratePostgres = async (
  url: string,
  { appRole }: { appRole?: string | undefined } = {},
): Promise<void> => {
  const client = new pg.Client({ connectionString: url });
  // A restart during migration fails the migration (start-up tries again), not the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(7246001)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    const owner = (await client.query<{ current_user: string }>('select current_user')).rows[0];
    if (appRole && appRole !== owner?.current_user) {
      await client.query('select vendo_grant_app_role($1)', [appRole]);
    }
  } finally {
    await client.end();
  }
};

/**
 * Opens PGlite. With a dataDir the folder is locked first: PGlite silently loses writes when two
 * processes open one folder, so a second process must refuse rather than corrupt data.
 */
export const openPglite = async (
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> => {
  let lock: DirLock | undefined;
  if (options.dataDir) lock = await acquireDirLock(options.dataDir);
  try {
    const client = await PGlite.create({
      // Trigram indexes for the staff user search (migration 0019); shipped inside the package.
      extensions: { pg_trgm },
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    // A loaded backup brought the lock file of the process it was taken from.
    if (options.loadDataDir) lock?.reclaim();
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Db,
      driver: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      snapshot: () => snapshotPglite(db as unknown as Db, client),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
};

/**
 * A consistent copy of PGlite's data folder while the app keeps running. `dumpDataDir` alone
 * waits only for the statement in progress, so it could copy the files in the middle of a
 * transaction (its rows are then rolled back on restore, but the copy is not a committed state
 * the app ever had). Run inside `transaction()`, which holds the mutex every transaction and
 * every statement outside one takes, it waits for the transaction in flight and holds back the
 * next until the copy is made; the CHECKPOINT first writes every committed page into the data
 * files, so a restore has next to no WAL to replay. The files are read in one synchronous pass
 * (nothing runs meanwhile); the caller compresses the copy after the app has resumed.
 */
const snapshotPglite = (db: Db, client: PGlite): Promise<Blob> =>
  inTransaction(db, async (tx) => {
    await tx.execute(sql`checkpoint`);
    return client.dumpDataDir('none');
  });

/**
 * Opens the database the configuration names: DATABASE_URL (migrated through
 * DATABASE_MIGRATION_URL), else PGlite in dataDir, one embedded database with no roles.
 */
export const openConfiguredDatabase = async (
  config: {
    databaseUrl: string | undefined;
    databaseMigrationUrl?: string | undefined;
    databasePoolSize: number;
    databasePreparedStatements?: boolean;
    dataDir: string;
  },
  { onConnectionError }: { onConnectionError?: (error: Error) => void } = {},
): Promise<Database> =>
  config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        poolSize: config.databasePoolSize,
        migrationUrl: config.databaseMigrationUrl ?? config.databaseUrl,
        preparedStatements: config.databasePreparedStatements ?? true,
        ...(onConnectionError ? { onConnectionError } : {}),
      })
    : openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
