import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows, withoutParallelWorkers } from '../../db/query.ts';
import { transactionCount } from '../transactions/history.repository.ts';
import { adminAlerts, services, transactions, users, type UserRow } from '../../db/schema/index.ts';
import { PURCHASE_TYPES_SQL } from '../../db/purchase-types.ts';

/** Reads and changes of users and business figures for the admin back office. */

/** A user row by id, locked for a change. */
export const lockUser = async (db: DbOrTx, id: string): Promise<UserRow | null> => {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
};

export const setUserFields = async (
  db: DbOrTx,
  id: string,
  set: Partial<Pick<UserRow, 'userType' | 'isAgent' | 'isCouponVendor'>>,
): Promise<void> => {
  await db.update(users).set(set).where(eq(users.id, id));
};

/** Ends every session of the user at once (tokens carry the version they were issued with). */
export const revokeSessions = async (db: DbOrTx, id: string): Promise<void> => {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
};

/**
 * The dashboard's figures, each an index-backed count or sum; the transaction count from the
 * maintained history totals.
 */
export const dashboardFigures = async (
  db: DbOrTx,
  adminId: string,
  { primary = db }: { primary?: DbOrTx } = {},
) => {
  const [figures] = await withoutParallelWorkers(db, (tx) =>
    queryRows<{
      total_users: string | number;
      total_balance: string | number;
      admin_balance: string | number;
      pending: string | number;
      escalated: string | number;
      sales: string | number;
      profit: string | number;
      purchases: string | number;
      open_alerts: string | number;
    }>(
      tx,
      // Every user has exactly one main wallet (opened with the user): one pass over the wallets
      // counts the users and sums their balances.
      sql`select
      w.total_users, w.total_balance,
      (select coalesce(sum(balance_kobo), 0) from ledger_accounts
        where kind = 'user_main' and user_id = ${adminId}::uuid) as admin_balance,
      (select count(*) from ${transactions} where ${transactions.status} in ('processing', 'pending')
        and ${transactions.type} in ${PURCHASE_TYPES_SQL}) as pending,
      (select count(*) from ${transactions} where ${transactions.status} in ('processing', 'pending')
        and ${transactions.escalatedAt} is not null) as escalated,
      (select count(*) from ${adminAlerts} where ${adminAlerts.acknowledgedAt} is null) as open_alerts,
      s.sales, s.profit, s.purchases
    from (
      select count(*) as total_users, coalesce(sum(balance_kobo), 0) as total_balance
      from ledger_accounts where kind = 'user_main'
    ) w, (
      select coalesce(sum(${transactions.amountKobo}), 0) as sales,
             coalesce(sum(${transactions.profitKobo}), 0) as profit,
             count(*) as purchases
      from ${transactions}
      where ${transactions.status} = 'success'
        and ${transactions.type} in ${PURCHASE_TYPES_SQL}
        and ${transactions.createdAt} >= date_trunc('day', now() at time zone 'Africa/Lagos') at time zone 'Africa/Lagos'
    ) s`,
    ),
  );
  const [serviceRows, totalTransactions] = await Promise.all([
    db.select().from(services).orderBy(services.serviceName),
    transactionCount(db, { primary }),
  ]);
  return { figures: figures!, services: serviceRows, totalTransactions };
};
