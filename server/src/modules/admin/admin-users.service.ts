import { koboToNaira } from '@vendo/shared/money';
import type { TUserListResponse } from '@vendo/shared/schemas/admin.responses';
import type { DbOrTx } from '../../db/client.ts';
import { csvCell } from '../transactions/history.service.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import {
  databaseNow,
  staffUserConditions,
  staffUserPage,
  staffUserTotals,
  streamStaffUsers,
  type StaffUserFilter,
  type StaffUserLine,
} from './admin-users.repository.ts';

export const USERS_PAGE_SIZE = 20;

export type UserListQuery = {
  phoneNumber?: string | undefined;
  userName?: string | undefined;
  /** A user type; '' or 'all' for every type (an unknown one is refused by the wire schema). */
  type?: string | undefined;
  search?: string | undefined;
  page?: number | undefined;
};

const filterOf = (query: UserListQuery): StaffUserFilter => ({
  ...(query.userName ? { userName: query.userName } : {}),
  ...(query.phoneNumber ? { phoneNumber: query.phoneNumber } : {}),
  ...(query.type && query.type !== 'all' ? { userType: query.type } : {}),
  ...(query.search ? { search: query.search } : {}),
});

/** Users for the staff list, filtered (case-insensitive, partial) and paged, with totals. */
export const listUsersForStaff = async (
  db: DbOrTx,
  query: UserListQuery,
): Promise<TUserListResponse> => {
  const where = staffUserConditions(filterOf(query));
  const page = Math.max(1, query.page ?? 1);
  const [rows, totals] = await Promise.all([
    staffUserPage(db, where, { limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE }),
    staffUserTotals(db, where),
  ]);
  return {
    users: rows.map((row) =>
      toPublicUser({
        ...row.user,
        balanceKobo: row.balanceKobo,
        earningBalanceKobo: row.earningBalanceKobo,
        referrerUserName: row.referrerUserName,
      }),
    ),
    totalUsers: totals.totalUsers,
    totalPages: Math.max(1, Math.ceil(totals.totalUsers / USERS_PAGE_SIZE)),
    totalBalance: koboToNaira(totals.totalBalanceKobo),
  };
};

/** A point in time in Lagos (WAT, UTC+1), as people read it: 2026-01-31 14:05:09. */
const lagosTime = (date: Date) =>
  new Date(date.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export const USERS_CSV_HEADER = [
  'S/N',
  'Member since',
  'Username',
  'Phone',
  'Balance',
  'User type',
  'Last seen',
];

const csvLine = (n: number, u: StaffUserLine) =>
  `${[
    n,
    lagosTime(u.createdAt),
    u.userName,
    u.phoneNumber,
    koboToNaira(u.balanceKobo),
    u.userType,
    u.lastLogin ? lagosTime(u.lastLogin) : '',
  ]
    .map(csvCell)
    .join(',')}\r\n`;

/**
 * GET /admin/users.csv: the users the list's filters match, newest first, as CSV lines (header
 * first), produced a page at a time as the consumer asks. The rows are those counted when the
 * export began (no later sign-ups), so the file name's range is exact.
 */
export const usersCsv = async (
  db: DbOrTx,
  query: Omit<UserListQuery, 'page'>,
): Promise<{ fileName: string; lines: AsyncGenerator<string> }> => {
  const where = staffUserConditions({ ...filterOf(query), createdUntil: await databaseNow(db) });
  const { totalUsers } = await staffUserTotals(db, where);
  async function* lines(): AsyncGenerator<string> {
    yield `${USERS_CSV_HEADER.join(',')}\r\n`;
    let n = 0;
    for await (const page of streamStaffUsers(db, where, { limit: totalUsers })) {
      yield page.map((u) => csvLine(++n, u)).join('');
    }
  }
  return {
    fileName: totalUsers > 0 ? `vendo-users-1-${totalUsers}.csv` : 'vendo-users-0.csv',
    lines: lines(),
  };
};
