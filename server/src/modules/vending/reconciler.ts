import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { transactions } from '../../db/schema/index.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { claimDuePurchases, claimOverduePurchases, PURCHASE_TYPES } from './purchase.repository.ts';
import { finalRequeryOrRefund, requeryPurchase } from './purchase.service.ts';
import { inTransaction } from '../../db/retry.ts';

/**
 * One pass: claims due purchases (SKIP LOCKED, so several processes can run this), re-queries
 * each outside any transaction, settles what has a definite answer, and sends purchases that are
 * still unsettled after the SLA to the admin queue — never refunding blind.
 */
export const reconcileOnce = async (ctx: AppContext, { limit = 25 } = {}): Promise<number> => {
  const claimed = await inTransaction(ctx.db, (tx) =>
    claimDuePurchases(tx, { limit, retryAfterSeconds: ctx.config.vending.retryAfterSeconds }),
  );
  for (const purchase of claimed) {
    await requeryPurchase(ctx, purchase);
  }
  // The 24-hour rule: a final re-query, then a refund unless the supplier says delivered.
  const { autoRefundAfterSeconds, retryAfterSeconds } = ctx.config.vending;
  if (autoRefundAfterSeconds > 0) {
    const overdue = await inTransaction(ctx.db, (tx) =>
      claimOverduePurchases(tx, {
        olderThanSeconds: autoRefundAfterSeconds,
        limit,
        retryAfterSeconds,
      }),
    );
    for (const purchase of overdue) {
      await finalRequeryOrRefund(ctx, purchase);
    }
  }
  const escalated = await ctx.db
    .update(transactions)
    .set({ escalatedAt: sql`now()` })
    .where(
      and(
        sql`${transactions.status} in ('processing', 'pending')`,
        inArray(transactions.type, [...PURCHASE_TYPES]),
        isNull(transactions.escalatedAt),
        lt(
          transactions.createdAt,
          sql`now() - make_interval(secs => ${ctx.config.vending.pendingSlaSeconds})`,
        ),
      ),
    )
    .returning({ id: transactions.id, reference: transactions.reference });
  for (const row of escalated) {
    await raiseAlert(
      ctx,
      'purchase_sla',
      `Purchase ${row.reference} is still unconfirmed by the supplier: review it in the admin queue.`,
      row.id,
    );
  }
  return claimed.length;
};
