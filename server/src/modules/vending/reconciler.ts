import type { AppContext } from '../../app-context.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import {
  claimDuePurchases,
  claimOverduePurchases,
  escalateOverduePurchases,
  UNSETTLED,
} from './purchase.repository.ts';
import { findPurchase } from './purchase.repository.ts';
import { hoursText, refundUnconfirmedPurchase, tellUserOfRefund } from './purchase-refunds.ts';
import { requeryPurchase } from './purchase.service.ts';
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
  const escalated = await escalateOverduePurchases(ctx.db, ctx.config.vending.pendingSlaSeconds);
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

/**
 * The 24-hour rule (NCC–CBN framework; docs/decisions/0017-refund-after-24-hours.md): a purchase
 * still unconfirmed `autoRefundAfterSeconds` after it began gets one final re-query, outside any
 * transaction. Delivered → booked as a sale; a definite failure → the usual refund; still no
 * definite answer → refunded now: the guarded move to refunded, the refund journal, the user's
 * refund line saying why, and an audit row (no staff actor) in one transaction, once whoever
 * races. The user is mailed and an admin alerted. Supplier reconciliation catches a supplier that
 * delivers later (refunded but delivered). Answers what happened.
 */
export const finalRequeryOrRefund = async (
  ctx: AppContext,
  purchase: TransactionRow,
): Promise<'success' | 'refunded' | 'auto_refunded' | 'unchanged'> => {
  const before = await requeryPurchase(ctx, purchase);
  const current = await findPurchase(ctx.db, purchase.id);
  if (!current || !(UNSETTLED as readonly string[]).includes(current.status)) {
    // Settled by this re-query (delivered, or a definite failure refunded) or by someone else.
    return current?.status === 'success' ? 'success' : 'refunded';
  }
  const limit = hoursText(ctx.config.vending.autoRefundAfterSeconds);
  const why = `auto refund after ${limit} unconfirmed`;
  const refunded = await refundUnconfirmedPurchase(ctx, current, {
    kind: 'auto_refund',
    why,
    note: `Refund of ${current.type} purchase ${current.reference}: the supplier did not confirm it within ${limit}`,
    lastAnswer: before.message,
  });
  if (!refunded) return 'unchanged';
  await raiseAlert(
    ctx,
    'auto_refund',
    `Purchase ${refunded.reference} (${refunded.supplier ?? 'no supplier'}) was refunded automatically: ${why}. Supplier reconciliation will show it if the supplier delivers later.`,
    refunded.id,
  );
  await tellUserOfRefund(ctx, refunded, `was not confirmed by our supplier within ${limit}`);
  return 'auto_refunded';
};
