import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows, withoutParallelWorkers } from '../../db/query.ts';
import { users } from '../../db/schema/index.ts';
import { selectUserRecords } from '../users/users.repository.ts';

/** The staff user list's reads: filters, a page, its totals, and the CSV's keyset pages. */

export type StaffUserFilter = {
  /** Part of the user name, any case. */
  userName?: string;
  /** Part of the phone number. */
  phoneNumber?: string;
  userType?: string;
  /** Part of the user name, e-mail, phone number or full name, any case. */
  search?: string;
  /** Only users who signed up at or before this instant (text, with microseconds). */
  createdUntil?: string;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every text field staff search in one lower-cased string, fields apart by a unit separator
 * (a search never spans two fields). The same expression as the users_search_trgm_idx index.
 */
export const SEARCH_TEXT = sql`lower(${users.userName} || chr(31) || ${users.email} || chr(31) || ${users.phoneNumber} || chr(31) || coalesce(${users.fullName}, ''))`;

export const staffUserConditions = (filter: StaffUserFilter): SQL | undefined => {
  const conditions: SQL[] = [];
  if (filter.userName) {
    conditions.push(
      sql`lower(${users.userName}) like ${`%${escapeLike(filter.userName.toLowerCase())}%`}`,
    );
  }
  if (filter.phoneNumber) {
    conditions.push(sql`${users.phoneNumber} like ${`%${escapeLike(filter.phoneNumber)}%`}`);
  }
  if (filter.userType) conditions.push(eq(users.userType, filter.userType));
  if (filter.search) {
    // Control characters cannot be typed into the box; dropping them keeps the separator unique.
    // eslint-disable-next-line no-control-regex
    const term = filter.search.replace(/[\u0000-\u001f]/g, '').toLowerCase();
    if (term) conditions.push(sql`${SEARCH_TEXT} like ${`%${escapeLike(term)}%`}`);
  }
  if (filter.createdUntil) {
    conditions.push(sql`${users.createdAt} <= ${filter.createdUntil}::timestamptz`);
  }
  return conditions.length ? and(...conditions) : undefined;
};

/** One page of users with their wallets, newest first. */
export const staffUserPage = (
  db: DbOrTx,
  where: SQL | undefined,
  { limit, offset }: { limit: number; offset: number },
) =>
  selectUserRecords(db, where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);

/**
 * How many users match and their main wallets' total. Both read the partial index
 * ledger_accounts_user_main_balance_idx (user_id, balance_kobo) alone: the whole index without
 * a filter, one probe per user a filter picks, or a hash join with a tier's users (decision 0023).
 */
export const staffUserTotalsQuery = (where: SQL | undefined): SQL =>
  // Every user has exactly one main wallet: without a filter, the wallets alone are the answer.
  where
    ? sql`select count(*) as total_users, coalesce(sum(a.balance_kobo), 0) as total_balance
        from ${users} join ledger_accounts a on a.user_id = ${users.id} and a.kind = 'user_main'
        where ${where}`
    : sql`select count(*) as total_users, coalesce(sum(balance_kobo), 0) as total_balance
        from ledger_accounts where kind = 'user_main'`;

/** How many users match and their wallets' total, in kobo. */
export const staffUserTotals = async (
  db: DbOrTx,
  where: SQL | undefined,
): Promise<{ totalUsers: number; totalBalanceKobo: number }> => {
  const [row] = await withoutParallelWorkers(db, (tx) =>
    queryRows<{ total_users: string | number; total_balance: string | number }>(
      tx,
      staffUserTotalsQuery(where),
    ),
  );
  return {
    totalUsers: Number(row?.total_users ?? 0),
    totalBalanceKobo: Number(row?.total_balance ?? 0),
  };
};

export type StaffUserLine = {
  id: string;
  createdAt: Date;
  userName: string;
  phoneNumber: string;
  balanceKobo: number;
  userType: string;
  lastLogin: Date | null;
};

type LineKey = { id: string; createdAt: string };

/**
 * The matching users newest first, in keyset pages of `batch` (each one index walk from where
 * the last ended; created_at as text keeps its microseconds), at most `limit` in all: memory
 * stays one page whatever the total.
 */
export async function* streamStaffUsers(
  db: DbOrTx,
  where: SQL | undefined,
  { limit, batch = 1000 }: { limit: number; batch?: number },
): AsyncGenerator<StaffUserLine[]> {
  let after: LineKey | undefined;
  let left = limit;
  while (left > 0) {
    const want = Math.min(batch, left);
    const conditions: SQL[] = where ? [where] : [sql`true`];
    if (after) {
      conditions.push(
        sql`(${users.createdAt}, ${users.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const rows = await queryRows<{
      id: string;
      created_at: string | Date;
      created_key: string;
      user_name: string;
      phone_number: string;
      balance_kobo: string | number;
      user_type: string;
      last_login: string | Date | null;
    }>(
      db,
      sql`select ${users.id} as id, ${users.createdAt} as created_at,
            ${users.createdAt}::text as created_key, ${users.userName} as user_name,
            ${users.phoneNumber} as phone_number, a.balance_kobo, ${users.userType} as user_type,
            ${users.lastLogin} as last_login
          from ${users} join ledger_accounts a on a.user_id = ${users.id} and a.kind = 'user_main'
          where ${sql.join(conditions, sql` and `)}
          order by ${users.createdAt} desc, ${users.id} desc
          limit ${want}`,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_at),
      userName: r.user_name,
      phoneNumber: r.phone_number,
      balanceKobo: Number(r.balance_kobo),
      userType: r.user_type,
      lastLogin: r.last_login === null ? null : new Date(r.last_login),
    }));
    if (rows.length < want) return;
    left -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { id: last.id, createdAt: last.created_key };
  }
}

/** The database's clock now (the CSV's cut-off), as text with microseconds. */
export const databaseNow = async (db: DbOrTx): Promise<string> => {
  const [row] = await queryRows<{ now: string }>(db, sql`select now()::text as now`);
  return row!.now;
};
