import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { claimDueTransactions } from '../transactions/transactions.repository.ts';

export const UNSETTLED = ['processing', 'pending'] as const;

/**
 * Moves a purchase out of processing/pending (or another allowed state) to `status`, once: the
 * WHERE on the current status is the guard that makes racing settlers (request, reconciler,
 * admin) settle it exactly once. Returns the row it moved, or null if someone else did.
 */
export const transitionPurchase = async (
  db: DbOrTx,
  id: string,
  from: readonly string[],
  set: PgUpdateSetSource<typeof transactions> & { status: string },
): Promise<TransactionRow | null> => {
  const [row] = await db
    .update(transactions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), inArray(transactions.status, [...from])))
    .returning();
  return row ?? null;
};

/** Claims purchases (data, airtime, electricity) due for a re-query; see claimDueTransactions. */
export const claimDuePurchases = (
  db: DbOrTx,
  options: { limit: number; retryAfterSeconds: number },
): Promise<TransactionRow[]> =>
  claimDueTransactions(db, { filter: sql`type in ('data', 'airtime', 'electricity')`, ...options });
