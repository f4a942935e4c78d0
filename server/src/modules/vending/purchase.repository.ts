import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { transactions } from '../../db/schema/index.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';

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

/**
 * Claims up to `limit` unsettled purchases that are due for a re-query, pushing their next check
 * back so no other process claims them meanwhile (FOR UPDATE SKIP LOCKED: any number of
 * reconcilers can run side by side).
 */
export const claimDuePurchases = async (
  db: DbOrTx,
  { limit, retryAfterSeconds }: { limit: number; retryAfterSeconds: number },
): Promise<TransactionRow[]> => {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with due as (
          select id from transactions
          where status in ('processing', 'pending') and type in ('data', 'airtime', 'electricity')
            and next_check_at <= now()
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
