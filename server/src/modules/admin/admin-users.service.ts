import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { USER_TYPES } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type { TUserListResponse } from '@vendo/shared/schemas/admin.responses';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { queryRows } from '../../db/query.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { selectUserRecords } from '../users/users.repository.ts';

export const USERS_PAGE_SIZE = 20;

export type UserListQuery = {
  phoneNumber?: string;
  userName?: string;
  type?: string;
  page?: number;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users for the staff list, filtered (case-insensitive, partial) and paged, with totals. */
export const listUsersForStaff = async (
  db: Db,
  query: UserListQuery,
): Promise<TUserListResponse> => {
  const filters: SQL[] = [];
  if (query.userName)
    filters.push(sql`${users.userName} ilike ${`%${escapeLike(query.userName)}%`}`);
  if (query.phoneNumber)
    filters.push(sql`${users.phoneNumber} like ${`%${escapeLike(query.phoneNumber)}%`}`);
  if (query.type && (USER_TYPES as readonly string[]).includes(query.type)) {
    filters.push(eq(users.userType, query.type));
  }
  const where = filters.length ? and(...filters) : undefined;
  const page = Math.max(1, query.page ?? 1);

  const [rows, totals] = await Promise.all([
    selectUserRecords(db, where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    queryRows<{ total_users: string | number; total_balance: string | number | null }>(
      db,
      sql`select count(*) as total_users, coalesce(sum(a.balance_kobo), 0) as total_balance
          from ${users} join ledger_accounts a on a.user_id = ${users.id} and a.kind = 'user_main'
          ${where ? sql`where ${where}` : sql``}`,
    ),
  ]);
  const totalUsers = Number(totals[0]?.total_users ?? 0);
  return {
    users: rows.map((row) =>
      toPublicUser({
        ...row.user,
        balanceKobo: row.balanceKobo,
        earningBalanceKobo: row.earningBalanceKobo,
        referrerUserName: row.referrerUserName,
      }),
    ),
    totalUsers,
    totalPages: Math.max(1, Math.ceil(totalUsers / USERS_PAGE_SIZE)),
    totalBalance: koboToNaira(Number(totals[0]?.total_balance ?? 0)),
  };
};
