import { setTimeout as sleep } from 'node:timers/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbOrTx, Tx } from './client.ts';
import { isDatabaseUnavailable, isTransientConflict } from './pg-error.ts';
import * as schema from './schema/index.ts';
import { currentClaim } from '../lib/idempotency-scope.ts';
import { markActed } from '../lib/idempotency.repository.ts';

/**
 * The one owner of retries for transient conflicts (docs/decisions/0025-riding-through-faults.md).
 * PostgreSQL answers a deadlock (40P01) or a serialization failure (40001) by aborting one of the
 * transactions involved: nothing it did remains, so running it again from the start is safe and
 * has exactly one effect. Up to ATTEMPTS runs in all, each after a jittered exponential pause
 * ("full jitter": a random wait up to 10, 20, 40, 80 ms), so the two sides of a deadlock do not
 * meet again in step. Any other error, and the last conflict, go to the caller (the API answers a
 * conflict that survives every attempt with 503 and Retry-After).
 */
export const RETRY_ATTEMPTS = 5;
const BASE_DELAY_MS = 10;

/** Runs `work` (a whole transaction or a single autocommit statement) again on a transient conflict. */
export const retryTransient = async <T>(
  work: () => Promise<T>,
  { attempts = RETRY_ATTEMPTS }: { attempts?: number } = {},
): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      await sleep(Math.random() * BASE_DELAY_MS * 2 ** (attempt - 1));
    }
  }
};

/**
 * Runs `work` in a database transaction, retried whole on a deadlock or serialization failure.
 * Every transaction in server/src goes through here (a lint rule refuses `.transaction(`
 * elsewhere). Inside another transaction it is a savepoint and is not retried on its own: the
 * conflict aborted the outer transaction, which is the one to run again.
 *
 * `work` may run more than once: it must do nothing outside the database that a second run
 * would repeat (no network calls in a transaction anyway; keep results in its return value).
 * In a request that came with an Idempotency-Key it also marks that key acted on.
 */
export const inTransaction = <T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> => {
  if (db instanceof PgTransaction) return db.transaction(work);
  // In a request with an Idempotency-Key, the transaction records that the request acted
  // (committed with it, undone with it; lib/idempotency-scope.ts).
  const claim = currentClaim();
  const run = claim
    ? async (tx: Tx) => {
        await markActed(tx, claim);
        return work(tx);
      }
    : work;
  return retryTransient(() => transactionOnce(db, run));
};

/** A Drizzle database bound to one pooled connection, made once per connection. */
const onConnection = new WeakMap<pg.PoolClient, Db>();

/**
 * One run of a transaction. On node-postgres the connection is checked out here, not by
 * Drizzle: Drizzle's pooled transaction() sends BEGIN before the try/finally that releases its
 * connection, so a BEGIN that fails (the server restarted while the connection sat idle) keeps
 * that connection out of the pool for good, and a few such failures leave every request
 * waiting for a connection (drizzle-orm issue 6241, open in 0.45). Here the connection always
 * goes back, and one that broke goes back with its error, so the pool drops it.
 */
const transactionOnce = async <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return db.transaction(work);
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    let bound = onConnection.get(connection);
    if (!bound) {
      bound = drizzle(connection, { schema }) as unknown as Db;
      onConnection.set(connection, bound);
    }
    return await bound.transaction(work);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      broken = error instanceof Error ? error : new Error(String(error));
    }
    throw error;
  } finally {
    connection.release(broken);
  }
};
