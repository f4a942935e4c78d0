import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { inTransaction } from '../../db/retry.ts';
import { LIVE_TOTALS } from './history-fold.repository.ts';

/**
 * The all-user totals of closed days (decision 0015): built once per day (or again when a late
 * change marks a day stale), read by the staff totals, the transaction count and the sales chart.
 */

/**
 * Builds the all-user totals of closed days (before yesterday, Lagos) that are missing or marked
 * stale. One builder at a time (advisory lock); the stale marks it saw are deleted in the same
 * transaction, so a change committed meanwhile leaves its mark for the next build.
 */
const buildClosedDays = async (db: DbOrTx): Promise<void> => {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7246015)`);
    const stale = await queryRows<{ day: string }>(
      tx,
      sql`with seen as (delete from transaction_stale_days returning day)
          select distinct day::text as day from seen
          union
          select d::date::text from generate_series(
            (select min(day) from ${LIVE_TOTALS}),
            history_day(now()) - 2, interval '1 day') as d
          where not exists (select 1 from transaction_closed_days c where c.day = d::date)`,
    );
    if (stale.length === 0) return;
    const list = sql`${`{${stale.map((r) => r.day).join(',')}}`}::date[]`;
    const days = sql`(select d from unnest(${list}) as d)`;
    await tx.execute(sql`delete from transaction_closed_day_totals where day in ${days}`);
    await tx.execute(
      sql`insert into transaction_closed_day_totals
            (day, type, network, status, count, amount_kobo, profit_kobo, debit_kobo, credit_kobo, volume_mb)
          select day, type, network, status, sum(count), sum(amount_kobo), sum(profit_kobo),
                 sum(debit_kobo), sum(credit_kobo), sum(volume_mb)
          from ${LIVE_TOTALS} where day in ${days}
          group by 1, 2, 3, 4 having sum(count) <> 0`,
    );
    // Deleted and written again: the rows' new xmin changes the closed totals' version.
    await tx.execute(sql`delete from transaction_closed_days where day in ${days}`);
    await tx.execute(sql`insert into transaction_closed_days (day) ${days}`);
  });
};

/**
 * The all-user closed totals' state in one look: whether a closed day is missing or stale, their
 * version (changes whenever a day is built again: the rows' xmin) and the last closed day.
 */
const closedState = async (
  db: DbOrTx,
): Promise<{ needed: boolean; version: string; lastClosed: string }> => {
  const [row] = await queryRows<{ needed: boolean; version: string; lastClosed: string }>(
    db,
    sql`select exists (select 1 from transaction_stale_days)
          or coalesce((select max(day) from transaction_closed_days), '-infinity'::date)
             < history_day(now()) - 2
          and exists (select 1 from ${LIVE_TOTALS}
                      where day <= history_day(now()) - 2
                        and day > coalesce((select max(day) from transaction_closed_days), '-infinity'::date))
          as needed,
          (select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from transaction_closed_days)
          as version,
          (history_day(now()) - 2)::text as "lastClosed"`,
  );
  return {
    needed: Boolean(row?.needed),
    version: String(row?.version),
    lastClosed: String(row?.lastClosed),
  };
};

/** Where the all-user reads may come from: the primary, when `db` is a replica (decision 0034). */
export type Primary = { primary?: DbOrTx };

/**
 * Closed days built (when a day is missing or stale) and their state. Building writes, so it is
 * done on the primary; a replica that has not replayed that build yet cannot answer the closed
 * part, and the primary answers it instead (answers the database to read).
 */
export const closedDaysReady = async (
  db: DbOrTx,
  primary: DbOrTx = db,
): Promise<{ db: DbOrTx; state: Awaited<ReturnType<typeof closedState>> }> => {
  const state = await closedState(db);
  if (!state.needed) return { db, state };
  await buildClosedDays(primary);
  return { db: primary, state: await closedState(primary) };
};
