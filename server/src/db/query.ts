import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { inTransaction } from './retry.ts';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; the generic Db type cannot
 * say so, hence the one cast here. bigint columns arrive as strings (pg) or bigint/number
 * (PGlite): convert with Number() at the call site.
 */
export const queryRows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

/**
 * Runs `work` in a transaction where the planner starts no parallel workers. For aggregates over
 * about 100,000 rows (every wallet) starting the workers costs more than they save on a small
 * server: measured on 2 vCPU, 21 ms alone against 109 ms with a worker (docs/benchmarks.md,
 * bench:admin). PGlite ignores the setting.
 */
export const withoutParallelWorkers = <T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>) =>
  inTransaction(db, async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return work(tx);
  });
