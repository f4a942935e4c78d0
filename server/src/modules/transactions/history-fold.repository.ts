import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';

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

/** Takes the transaction-scoped advisory lock `key` if free; answers whether it did. */
export const tryAdvisoryXactLock = async (tx: DbOrTx, key: number): Promise<boolean> => {
  const [lock] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${key}) as locked`,
  );
  return Boolean(lock?.locked);
};

/**
 * Deletes up to `limit` deltas, oldest first, and adds their sums to the daily totals (grouped by
 * key, in key order), in one statement; answers how many were folded.
 */
export const foldTotalDeltas = async (tx: DbOrTx, limit: number): Promise<number> => {
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
};
