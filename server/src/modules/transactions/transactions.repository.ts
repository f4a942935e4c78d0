import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../lib/ids.ts';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { transactions, users } from '../../db/schema/index.ts';
import type { TransactionRow } from './transactions.mapper.ts';

/** A transaction by our id, whatever its kind and whoever's (staff and background work), or null. */
export const findTransactionById = async (
  db: DbOrTx,
  id: string,
): Promise<TransactionRow | null> => {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row ?? null;
};

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

/**
 * One transaction with its user name, by our id or by the client's request_id (our id first,
 * should a request_id look like one of our ids); with `userId`, only that user's (so another
 * user's reads the same as a missing one). Staff reading by request_id get the newest match.
 */
export const findTransaction = async (
  db: DbOrTx,
  { id, userId }: { id: string; userId?: string },
): Promise<(TransactionRow & { userName: string }) | null> => {
  const byIdOrRequestId = isUuid(id)
    ? or(eq(transactions.id, id), eq(transactions.requestId, id))
    : eq(transactions.requestId, id);
  const [row] = await db
    .select({ t: transactions, userName: users.userName })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(
      userId === undefined
        ? byIdOrRequestId
        : and(byIdOrRequestId, eq(transactions.userId, userId)),
    )
    .orderBy(
      ...(isUuid(id) ? [sql`${transactions.id} = ${id}::uuid desc`] : []),
      desc(transactions.createdAt),
    )
    .limit(1);
  return row ? { ...row.t, userName: row.userName } : null;
};

/**
 * Claims up to `limit` unsettled transactions matching `filter` that are due for a re-query,
 * pushing their next check back (backoff grows with attempts) so no other process claims them
 * meanwhile. FOR UPDATE SKIP LOCKED: any number of reconcilers can run side by side.
 */
export const claimDueTransactions = async (
  db: DbOrTx,
  {
    filter,
    limit,
    retryAfterSeconds,
    due = sql`next_check_at <= now()`,
  }: { filter: SQL; limit: number; retryAfterSeconds: number; due?: SQL },
): Promise<TransactionRow[]> => {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with due as (
          select id from transactions
          where status in ('processing', 'pending') and (${filter}) and (${due})
          order by next_check_at
          for update skip locked
          limit ${limit})
        update transactions t
        set attempts = t.attempts + 1,
            next_check_at = now() + make_interval(secs => ${retryAfterSeconds} * least(t.attempts + 1, 20))
        from due where t.id = due.id
        returning t.id`,
  );
  if (rows.length === 0) return [];
  return db
    .select()
    .from(transactions)
    .where(
      inArray(
        transactions.id,
        rows.map((r) => r.id),
      ),
    );
};

/**
 * Writes the history line of one wallet's side of a journal (a transfer, a coupon, an upgrade, a
 * referral reward, earnings moved): settled at once, with the balance before and after it.
 */
export const recordWalletLine = async (
  tx: DbOrTx,
  line: {
    userId: string;
    reference: string;
    type: 'transfer' | 'wallet' | 'referrer' | 'earning';
    network: string;
    amountKobo: number;
    direction: 'debit' | 'credit';
    /** The wallet's balance after the journal (as the ledger function answered it). */
    balanceAfterKobo: number;
  },
): Promise<TransactionRow> => {
  const after = line.balanceAfterKobo;
  const before = line.direction === 'debit' ? after + line.amountKobo : after - line.amountKobo;
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: line.userId,
      reference: line.reference,
      type: line.type,
      network: line.network,
      status: 'success',
      amountKobo: line.amountKobo,
      balanceBeforeKobo: before,
      balanceAfterKobo: after,
      settledAt: sql`now()`,
    })
    .returning();
  return row!;
};
