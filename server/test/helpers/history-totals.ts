import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/query.ts';

export type TotalsMismatch = {
  side: 'kept' | 'recomputed';
  user_id: string;
  day: string;
  type: string;
  network: string;
  status: string;
};

/**
 * Where the kept history totals differ from totals recomputed from scratch over `transactions`,
 * key by key, in ONE statement (one snapshot, so concurrent writers and folds cannot make a
 * correct state look wrong). `kept` is the daily totals alone (`folded: true`, after a final
 * fold) or with the deltas not yet folded. Keys whose sums are all zero count as absent.
 * Empty = exact.
 */
export const totalsMismatches = async (
  db: DbOrTx,
  { folded = false }: { folded?: boolean } = {},
): Promise<TotalsMismatch[]> => {
  const deltas = folded
    ? sql``
    : sql`union all
          select user_id, day, type, network, status, count, amount_kobo, profit_kobo,
                 debit_kobo, credit_kobo, volume_mb
          from transaction_total_deltas`;
  return queryRows<TotalsMismatch>(
    db,
    sql`with kept as (
          select user_id, day::text as day, type, network, status, sum(count) as count,
                 sum(amount_kobo) as amount, sum(profit_kobo) as profit, sum(debit_kobo) as debit,
                 sum(credit_kobo) as credit, sum(volume_mb) as volume
          from (select user_id, day, type, network, status, count, amount_kobo, profit_kobo,
                       debit_kobo, credit_kobo, volume_mb
                from transaction_daily_totals ${deltas}) k
          group by 1, 2, 3, 4, 5
          having sum(count) <> 0 or sum(amount_kobo) <> 0 or sum(profit_kobo) <> 0
              or sum(debit_kobo) <> 0 or sum(credit_kobo) <> 0 or sum(volume_mb) <> 0),
        recomputed as (
          select user_id, (created_at at time zone 'Africa/Lagos')::date::text as day, type,
                 network, status, count(*) as count, sum(amount_kobo) as amount,
                 sum(profit_kobo) as profit,
                 sum(greatest(balance_before_kobo - balance_after_kobo, 0)) as debit,
                 sum(greatest(balance_after_kobo - balance_before_kobo, 0)) as credit,
                 sum(history_volume_mb(type, details)) as volume
          from transactions
          group by 1, 2, 3, 4, 5)
        (select 'kept' as side, user_id, day, type, network, status from
          (select * from kept except select * from recomputed) a)
        union all
        (select 'recomputed', user_id, day, type, network, status from
          (select * from recomputed except select * from kept) b)`,
  );
};

/** Deltas not folded yet. */
export const deltaCount = async (db: DbOrTx): Promise<number> => {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from transaction_total_deltas`,
  );
  return Number(row?.n ?? 0);
};
