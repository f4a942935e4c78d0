import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { inTransaction } from '../../db/retry.ts';

/**
 * The fold of the history totals (docs/decisions/0015-history-totals.md, "Deltas folded later"):
 * the statement triggers on `transactions` only insert deltas; this moves committed deltas into
 * transaction_daily_totals. Readers sum both tables in one statement, and a fold deletes its
 * deltas and adds their sums in one transaction, so a reader sees each delta exactly once: still
 * a delta, or already in the daily totals.
 */

/**
 * The daily totals as they stand, for the history reads: the folded rows plus the deltas not
 * folded yet, always within ONE statement, which sees one snapshot, so each delta counts once,
 * on one side or the other. Filters on the outer query reach both sides (and their indexes).
 */
export const LIVE_TOTALS = sql`(
  select user_id, day, type, network, status, count, amount_kobo, profit_kobo, debit_kobo,
         credit_kobo, volume_mb
  from transaction_daily_totals
  union all
  select user_id, day, type, network, status, count, amount_kobo, profit_kobo, debit_kobo,
         credit_kobo, volume_mb
  from transaction_total_deltas) as totals`;

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
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as locked`,
    );
    if (!lock?.locked) return null;
    // A statement of its own, after the lock: its snapshot sees the last folder's commit, so no
    // delta is folded twice.
    const [row] = await queryRows<{ folded: string | number }>(
      tx,
      sql`with folded as (
            delete from transaction_total_deltas
            where id in (select id from transaction_total_deltas order by id limit ${limit})
            returning user_id, day, type, network, status, count, amount_kobo, profit_kobo,
                      debit_kobo, credit_kobo, volume_mb),
          added as (
            insert into transaction_daily_totals as t
              (user_id, day, type, network, status, count, amount_kobo, profit_kobo, debit_kobo,
               credit_kobo, volume_mb)
            select user_id, day, type, network, status, sum(count), sum(amount_kobo),
                   sum(profit_kobo), sum(debit_kobo), sum(credit_kobo), sum(volume_mb)
            from folded
            group by user_id, day, type, status, network
            order by user_id, day, type, status, network
            on conflict (user_id, day, type, status, network) do update set
              count = t.count + excluded.count,
              amount_kobo = t.amount_kobo + excluded.amount_kobo,
              profit_kobo = t.profit_kobo + excluded.profit_kobo,
              debit_kobo = t.debit_kobo + excluded.debit_kobo,
              credit_kobo = t.credit_kobo + excluded.credit_kobo,
              volume_mb = t.volume_mb + excluded.volume_mb)
          -- The insert runs to completion whether or not this reads it.
          select count(*) as folded from folded`,
    );
    return Number(row?.folded ?? 0);
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
