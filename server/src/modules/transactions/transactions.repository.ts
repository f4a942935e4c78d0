import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { transactions, users } from '../../db/schema/index.ts';
import type { TransactionRow } from './transactions.mapper.ts';

/** A user's newest transactions with their user name. */
export const listRecentTransactions = async (
  db: DbOrTx,
  userId: string,
  limit = 20,
): Promise<(TransactionRow & { userName: string })[]> => {
  const rows = await db
    .select({ t: transactions, userName: users.userName })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r.t, userName: r.userName }));
};
