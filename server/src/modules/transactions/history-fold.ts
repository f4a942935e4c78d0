import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/retry.ts';
import { foldTotalDeltas, tryAdvisoryXactLock } from './history-fold.repository.ts';

/**
 * The fold of the history totals (docs/decisions/0015-history-totals.md, "Deltas folded later"):
 * the statement triggers on `transactions` only insert deltas; this moves committed deltas into
 * transaction_daily_totals. Readers sum both tables in one statement, and a fold deletes its
 * deltas and adds their sums in one transaction, so a reader sees each delta exactly once: still
 * a delta, or already in the daily totals.
 */

/** Deltas folded per transaction: a few hundred milliseconds of work at most. */
export const FOLD_BATCH = 5000;

/** One folder at a time across every process (pg_try_advisory_xact_lock; the others skip). */
const FOLD_LOCK = 7246016;

/**
 * Folds up to `limit` committed deltas, oldest first, in one transaction: they are deleted and
 * their sums added to the daily totals (grouped by key, in key order). Answers how many were
 * folded, or null when another process is folding (then nothing is done here).
 */
export const foldHistoryTotals = (
  db: DbOrTx,
  { limit = FOLD_BATCH }: { limit?: number } = {},
): Promise<number | null> =>
  inTransaction(db, async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, FOLD_LOCK))) return null;
    // A statement of its own, after the lock: its snapshot sees the last folder's commit, so no
    // delta is folded twice.
    return foldTotalDeltas(tx, limit);
  });

/**
 * Folds until no full batch is left (at most `maxBatches`): the background loop's pass, and what
 * the benchmarks run after loading rows. Answers how many deltas were folded here.
 */
export const foldAllHistoryTotals = async (
  db: DbOrTx,
  { maxBatches = Infinity, limit = FOLD_BATCH }: { maxBatches?: number; limit?: number } = {},
): Promise<number> => {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const folded = await foldHistoryTotals(db, { limit });
    if (folded === null) return total;
    total += folded;
    if (folded < limit) return total;
  }
  return total;
};
