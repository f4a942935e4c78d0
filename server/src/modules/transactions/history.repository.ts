import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { rowFromRaw } from '../../db/rows.ts';
import { transactions, users } from '../../db/schema/index.ts';
import { LIVE_TOTALS } from './history-fold.repository.ts';
import { closedDaysReady, type Primary } from './history-closed-days.repository.ts';
import type { TransactionRow } from './transactions.mapper.ts';
import { PURCHASE_TYPES_SQL } from '../../db/purchase-types.ts';

/**
 * History reads (GET /transaction, the CSV statement): pages walk an index newest first; totals
 * read the maintained daily totals (0017, 0023), or with a phone filter the rows the index bounds.
 */

export type HistoryFilter = {
  /** Only this user's rows (a customer always; staff with a user name). */
  userId?: string;
  phoneNumber?: string;
  type?: string;
  status?: string;
  /** Lagos days, YYYY-MM-DD, both included. */
  fromDay?: string;
  toDay?: string;
};

/** One group of the totals: rows of one type, network and status. */
export type TotalsGroup = {
  type: string;
  network: string;
  status: string;
  count: number;
  amountKobo: number;
  profitKobo: number;
  debitKobo: number;
  creditKobo: number;
  volumeMb: number;
};

/** The first instant of a Lagos day (WAT is UTC+1 all year). */
const dayStart = (day: string) => sql`${`${day}T00:00:00+01:00`}::timestamptz`;
const dayAfter = (day: string) => sql`(${`${day}T00:00:00+01:00`}::timestamptz + interval '1 day')`;

const rowConditions = (filter: HistoryFilter): SQL[] => {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(sql`user_id = ${filter.userId}`);
  if (filter.phoneNumber) conditions.push(sql`phone_number = ${filter.phoneNumber}`);
  if (filter.type) conditions.push(sql`type = ${filter.type}`);
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  if (filter.fromDay) conditions.push(sql`created_at >= ${dayStart(filter.fromDay)}`);
  if (filter.toDay) conditions.push(sql`created_at < ${dayAfter(filter.toDay)}`);
  return conditions;
};

const whereOf = (conditions: SQL[]): SQL =>
  conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

/** A user's id by name, case-insensitively (the unique index is on lower(user_name)). */
export const findUserIdByName = async (db: DbOrTx, userName: string): Promise<string | null> => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return row?.id ?? null;
};

type PageKey = { id: string; createdAt: string };

/** Ids of matching rows, newest first, from the index alone (created_at as text: microseconds). */
const pageKeys = (
  db: DbOrTx,
  filter: HistoryFilter,
  { limit, offset = 0, after }: { limit: number; offset?: number; after?: PageKey },
): Promise<PageKey[]> => {
  const conditions = rowConditions(filter);
  if (after) {
    conditions.push(sql`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  }
  return queryRows<PageKey>(
    db,
    sql`select id, created_at::text as "createdAt" from transactions ${whereOf(conditions)}
        order by created_at desc nulls last, id desc nulls last limit ${limit} offset ${offset}`,
  );
};

/** The rows of `keys`, in that order, with their user names. */
const rowsOf = async (
  db: DbOrTx,
  keys: PageKey[],
): Promise<(TransactionRow & { userName: string })[]> => {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ t: transactions, userName: users.userName })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(
      inArray(
        transactions.id,
        keys.map((k) => k.id),
      ),
    );
  const order = new Map(keys.map((k, i) => [k.id, i]));
  return rows
    .map((r) => ({ ...r.t, userName: r.userName }))
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
};

/**
 * One page of matching rows, newest first, with their user names: one statement, the page's ids
 * from the index first, then only those rows.
 */
export const listHistoryPage = async (
  db: DbOrTx,
  filter: HistoryFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<(TransactionRow & { userName: string })[]> => {
  const raw = await queryRows<{ row: Record<string, unknown>; user_name: string }>(
    db,
    sql`with page as (
          select id, created_at from transactions ${whereOf(rowConditions(filter))}
          order by created_at desc nulls last, id desc nulls last limit ${limit} offset ${offset})
        select to_jsonb(t) as row, u.user_name
        from page p join transactions t on t.id = p.id join users u on u.id = t.user_id
        order by p.created_at desc, p.id desc`,
  );
  return raw.map((r) => ({ ...rowFromJson(r.row), userName: r.user_name }));
};

/** A transactions row from to_jsonb: timestamps back to Dates, the rest through Drizzle's mapping. */
const rowFromJson = (json: Record<string, unknown>): TransactionRow => {
  const row = rowFromRaw(transactions, json);
  for (const key of [
    'createdAt',
    'updatedAt',
    'settledAt',
    'nextCheckAt',
    'escalatedAt',
  ] as const) {
    const value = row[key] as unknown;
    if (typeof value === 'string') (row as Record<string, unknown>)[key] = new Date(value);
  }
  return row;
};

type RawGroup = Record<keyof TotalsGroup, string | number>;

const toGroups = (rows: RawGroup[]): TotalsGroup[] =>
  rows.map((r) => ({
    type: String(r.type),
    network: String(r.network),
    status: String(r.status),
    count: Number(r.count),
    amountKobo: Number(r.amountKobo),
    profitKobo: Number(r.profitKobo),
    debitKobo: Number(r.debitKobo),
    creditKobo: Number(r.creditKobo),
    volumeMb: Number(r.volumeMb),
  }));

const SUMS = sql`sum(count) as "count", sum(amount_kobo) as "amountKobo",
  sum(profit_kobo) as "profitKobo", sum(debit_kobo) as "debitKobo",
  sum(credit_kobo) as "creditKobo", sum(volume_mb) as "volumeMb"`;

/** Totals straight from the rows: only with a phone filter, which its index bounds. */
const totalsFromRows = async (db: DbOrTx, filter: HistoryFilter): Promise<TotalsGroup[]> =>
  toGroups(
    await queryRows<RawGroup>(
      db,
      sql`select type, network, status, count(*) as "count",
            sum(amount_kobo) as "amountKobo", sum(profit_kobo) as "profitKobo",
            sum(greatest(balance_before_kobo - balance_after_kobo, 0)) as "debitKobo",
            sum(greatest(balance_after_kobo - balance_before_kobo, 0)) as "creditKobo",
            sum(history_volume_mb(type, details)) as "volumeMb"
          from transactions ${whereOf(rowConditions(filter))}
          group by 1, 2, 3`,
    ),
  );

const totalsConditions = (filter: HistoryFilter, extra: SQL[] = []): SQL[] => {
  const conditions = [...extra];
  if (filter.type) conditions.push(sql`type = ${filter.type}`);
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  if (filter.fromDay) conditions.push(sql`day >= ${filter.fromDay}::date`);
  if (filter.toDay) conditions.push(sql`day <= ${filter.toDay}::date`);
  return conditions;
};

/**
 * The closed part of staff totals by (version, last closed day, filter): it can only change when
 * a day is built again, which changes the version, so an answer from here is as exact as a query.
 */
const closedCaches = new WeakMap<DbOrTx, Map<string, TotalsGroup[]>>();
const CLOSED_CACHE_SIZE = 500;

/**
 * The totals of every row the filter matches, grouped by type, network and status. Exact: a
 * row's deltas are written in its own database transaction and read with the folded totals.
 */
export const historyTotals = async (
  reader: DbOrTx,
  filter: HistoryFilter,
  { primary = reader }: Primary = {},
): Promise<TotalsGroup[]> => {
  let db = reader;
  if (filter.phoneNumber) return totalsFromRows(db, filter);
  if (filter.userId) {
    return toGroups(
      await queryRows<RawGroup>(
        db,
        sql`select type, network, status, ${SUMS} from ${LIVE_TOTALS}
            ${whereOf(totalsConditions(filter, [sql`user_id = ${filter.userId}`]))}
            group by 1, 2, 3 having sum(count) <> 0`,
      ),
    );
  }
  const ready = await closedDaysReady(db, primary);
  db = ready.db;
  const state = ready.state;
  // Closed days from their all-user totals (cached by version), yesterday and today live.
  const key = JSON.stringify([
    state.version,
    state.lastClosed,
    filter.type,
    filter.status,
    filter.fromDay,
    filter.toDay,
  ]);
  let closedCache = closedCaches.get(db);
  if (!closedCache) closedCaches.set(db, (closedCache = new Map()));
  let closed = closedCache.get(key);
  if (!closed) {
    closed = toGroups(
      await queryRows<RawGroup>(
        db,
        sql`select type, network, status, ${SUMS} from transaction_closed_day_totals
            ${whereOf(totalsConditions(filter, [sql`day <= ${state.lastClosed}::date`]))}
            group by 1, 2, 3 having sum(count) <> 0`,
      ),
    );
    if (closedCache.size >= CLOSED_CACHE_SIZE) closedCache.delete(closedCache.keys().next().value!);
    closedCache.set(key, closed);
  }
  const open = toGroups(
    await queryRows<RawGroup>(
      db,
      sql`select type, network, status, ${SUMS} from ${LIVE_TOTALS}
          ${whereOf(totalsConditions(filter, [sql`day > ${state.lastClosed}::date`]))}
          group by 1, 2, 3 having sum(count) <> 0`,
    ),
  );
  // Groups may repeat across the two parts; the summary adds them up.
  return [...closed, ...open];
};

/**
 * How many transactions there are, of every user, type and status: from the all-user totals of
 * closed days and the live daily totals of yesterday and today (exact, like every total here),
 * not by counting a million rows.
 */
export const transactionCount = async (
  reader: DbOrTx,
  { primary = reader }: Primary = {},
): Promise<number> => {
  const { db, state } = await closedDaysReady(reader, primary);
  const lastClosed = state.lastClosed;
  const [row] = await queryRows<{ n: string | number | null }>(
    db,
    sql`select (select coalesce(sum(count), 0) from transaction_closed_day_totals
                 where day <= ${lastClosed}::date)
             + (select coalesce(sum(count), 0) from ${LIVE_TOTALS}
                 where day > ${lastClosed}::date) as n`,
  );
  return Number(row?.n ?? 0);
};

export type DailySales = { day: string; network: string; amountKobo: number; profitKobo: number };

/**
 * Delivered purchases (data, airtime, electricity: status success) of every user per Lagos day
 * and network from `fromDay` to today, oldest first; electricity of every disco is one network,
 * 'ELECTRICITY'. Read from the all-user totals of closed days and the live daily totals of
 * yesterday and today: a few rows per day, whatever the number of transactions.
 */
export const salesByDayAndNetwork = async (
  reader: DbOrTx,
  fromDay: string,
  { primary = reader }: Primary = {},
): Promise<DailySales[]> => {
  const { db, state } = await closedDaysReady(reader, primary);
  const lastClosed = state.lastClosed;
  const pick = sql`day >= ${fromDay}::date and status = 'success'
    and type in ${PURCHASE_TYPES_SQL}`;
  const networkOf = sql`case type when 'electricity' then 'ELECTRICITY' when 'cable' then 'CABLE'
    when 'exam' then 'EXAM' when 'epin' then 'EPIN' else network end`;
  const rows = await queryRows<{
    day: string;
    network: string;
    amountKobo: string | number;
    profitKobo: string | number;
  }>(
    db,
    sql`select day::text as day, network, sum(amount_kobo) as "amountKobo",
          sum(profit_kobo) as "profitKobo"
        from (
          select day, ${networkOf} as network, amount_kobo, profit_kobo
          from transaction_closed_day_totals where ${pick} and day <= ${lastClosed}::date
          union all
          select day, ${networkOf}, amount_kobo, profit_kobo
          from ${LIVE_TOTALS} where ${pick} and day > ${lastClosed}::date
        ) d
        group by day, network
        having sum(amount_kobo) <> 0 or sum(profit_kobo) <> 0
        order by day, network`,
  );
  return rows.map((r) => ({
    day: String(r.day),
    network: String(r.network),
    amountKobo: Number(r.amountKobo),
    profitKobo: Number(r.profitKobo),
  }));
};

/**
 * Matching rows for a statement, newest first, in keyset pages of `batch` (each page one index
 * walk from where the last ended): memory stays one page whatever the total.
 */
export async function* streamHistory(
  db: DbOrTx,
  filter: HistoryFilter,
  batch = 1000,
): AsyncGenerator<(TransactionRow & { userName: string })[]> {
  let after: PageKey | undefined;
  for (;;) {
    const keys = await pageKeys(db, filter, { limit: batch, ...(after ? { after } : {}) });
    if (keys.length === 0) return;
    yield await rowsOf(db, keys);
    if (keys.length < batch) return;
    after = keys[keys.length - 1];
  }
}
