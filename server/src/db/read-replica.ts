import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryRows } from './query.ts';

/**
 * Reports read from a streaming replica (DATABASE_READ_URL), never older than their request
 * (docs/decisions/0034-pooler-and-read-replica.md). Before a report reads, the primary says how
 * far its write-ahead log has gone (`pg_current_wal_insert_lsn()`, past every commit it has
 * acknowledged), and the replica is used once it has replayed that far: the report then sees
 * every write made before the request, the reader's own purchase included. A replica that is
 * further behind than `maxWaitMs`, or cannot be reached, is passed over for the primary, and for
 * `restMs` afterwards every report goes to the primary without asking it.
 *
 * Only what a person reads goes here: history pages and totals, statements, CSV exports, the
 * dashboard's figures, the sales chart. Balances, purchases and anything read and then decided
 * on read the primary, always.
 */
export type ReadReplicaOptions = {
  maxWaitMs: number;
  /** After a replica was passed over, how long reports skip it. */
  restMs?: number;
  onPassedOver?: (why: string) => void;
};

/** The primary, or the replica once it holds everything the primary had at this call. */
export type ReadDb = () => Promise<Db>;

/** Where a replica stands: not one (a primary: always current), or the log it has replayed. */
const replayedUpTo = async (replica: Db, lsn: string): Promise<'current' | 'behind'> => {
  const [row] = await queryRows<{ current: boolean }>(
    replica,
    sql`select not pg_is_in_recovery()
          or coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) as current`,
  );
  return row?.current ? 'current' : 'behind';
};

export const createReadDb = (primary: Db, replica: Db, options: ReadReplicaOptions): ReadDb => {
  const restMs = options.restMs ?? 5000;
  let restUntil = 0;
  const passOver = (why: string) => {
    restUntil = Date.now() + restMs;
    options.onPassedOver?.(why);
    return primary;
  };
  return async () => {
    if (Date.now() < restUntil) return primary;
    const [fence] = await queryRows<{ lsn: string }>(
      primary,
      sql`select pg_current_wal_insert_lsn()::text as lsn`,
    );
    const started = Date.now();
    try {
      for (let pauseMs = 2; ; pauseMs = Math.min(pauseMs * 2, 50)) {
        if ((await replayedUpTo(replica, fence!.lsn)) === 'current') return replica;
        const left = options.maxWaitMs - (Date.now() - started);
        if (left <= 0) {
          return passOver(
            `the replica had not replayed ${fence!.lsn} after ${options.maxWaitMs} ms`,
          );
        }
        await sleep(Math.min(pauseMs, left));
      }
    } catch (error) {
      return passOver(
        `the replica could not be asked: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
};

/** The database a report reads: the context's replica routing, else the primary itself. */
export const readDbOf = (ctx: { db: Db; readDb?: ReadDb | undefined }): Promise<Db> =>
  ctx.readDb ? ctx.readDb() : Promise.resolve(ctx.db);
