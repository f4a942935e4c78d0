import { formatNaira } from '@vendo/shared/money';
import type { SupplierResult } from '../../providers/vending/port.ts';
import { raiseAlertOnce } from '../alerts/alerts.service.ts';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/retry.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { refundPurchase, settlePartialSale, type SaleAnswer } from '../ledger/purchase-journals.ts';
import type { RefundCause } from '../metrics/metrics.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { findUserRecordById } from '../users/users.repository.ts';
import {
  insertRefundLine,
  markPartlyDelivered,
  markPurchaseRefunded,
  transitionPurchase,
} from './purchase.repository.ts';

/**
 * Every way a purchase's money goes back to its buyer. Each is one transaction holding the
 * guarded status move, the refund journal, the user's refund line (and the audit row), so a
 * purchase is refunded once whoever races: the request, the reconciler or staff.
 */

/** Who settles a purchase when it is staff rather than the request or the reconciler. */
export type StaffActor = { actorId: string };

export const truncate = (text: string, max = 2000) =>
  text.length > max ? `${text.slice(0, max)}…` : text;

/**
 * For /metrics, once the refund committed: its cause, and for a purchase that was still
 * unsettled, the time from its debit to this final state (a reversal's purchase had reached its
 * final state when it was delivered).
 */
const countRefund = (ctx: AppContext, row: TransactionRow, cause: RefundCause) => {
  ctx.metrics.refund(cause);
  if (cause !== 'supplier_reversal' && cause !== 'staff_reversal') {
    ctx.metrics.purchaseSettled(row, 'refunded');
  }
};

/** '24 h', '0.5 h': a delay as people read it. */
export const hoursText = (seconds: number): string => `${Number((seconds / 3600).toFixed(4))} h`;

/**
 * The refund of a purchase still unsettled, inside the caller's transaction: the guarded move to
 * refunded (keeping what the supplier said), the refund journal from clearing and the user's
 * refund line. Null when it was settled already (then nothing happened).
 */
const refundUnsettled = async (
  tx: Tx,
  purchase: TransactionRow,
  {
    apiResponse,
    supplierRef,
    note,
  }: { apiResponse: string; supplierRef?: string | null; note?: string },
): Promise<{ row: TransactionRow; balanceKobo: number } | null> => {
  const moved = await markPurchaseRefunded(tx, purchase.id, { apiResponse, supplierRef });
  if (!moved) return null;
  const balanceKobo = await refundPurchase(tx, moved, 'pending');
  await insertRefundLine(tx, moved, balanceKobo, note === undefined ? {} : { note });
  return { row: moved, balanceKobo };
};

/** A refund of a purchase the supplier definitely failed. */
export const refundFailedPurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  answer: SaleAnswer,
  staff?: StaffActor,
): Promise<{ row: TransactionRow; balanceKobo: number } | null> => {
  const refunded = await inTransaction(ctx.db, async (tx) => {
    const refunded = await refundUnsettled(tx, purchase, answer);
    if (refunded && staff) {
      await recordAudit(tx, {
        actorId: staff.actorId,
        action: 'purchase.refund',
        targetType: 'transaction',
        targetId: refunded.row.id,
        before: { status: purchase.status },
        after: { status: 'refunded' },
        reason: 'The supplier confirmed the purchase failed',
      });
    }
    return refunded;
  });
  if (refunded) countRefund(ctx, refunded.row, 'supplier_failed');
  return refunded;
};

/**
 * Why an unconfirmed purchase is refunded without a failure from the supplier:
 * - `not_received`: the supplier has no record of our reference well after it began (the
 *   process stopped between the debit and the order, or the order was lost on the way);
 * - `auto_refund`: the 24-hour rule (decision 0017): still unconfirmed after the limit.
 */
export type UnconfirmedRefund = {
  kind: 'not_received' | 'auto_refund';
  /** One line for the audit row and the receipt: why. */
  why: string;
  /** The user's refund line in their history. */
  note: string;
  /** The supplier's last word, kept on the receipt. */
  lastAnswer: string;
  /** Staff who asked for the re-query that found it, if any. */
  actorId?: string | null;
};

/**
 * Refunds a purchase that is still unsettled, for a reason other than a supplier's failure: the
 * guarded move, the refund journal, the refund line and an audit row, in one transaction, once.
 * Null when someone else settled it first.
 */
export const refundUnconfirmedPurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  refund: UnconfirmedRefund,
): Promise<TransactionRow | null> => {
  const row = await inTransaction(ctx.db, async (tx) => {
    const refunded = await refundUnsettled(tx, purchase, {
      apiResponse: truncate(`Refunded: ${refund.why}. Last supplier answer: ${refund.lastAnswer}`),
      note: refund.note,
    });
    if (!refunded) return null;
    await recordAudit(tx, {
      actorId: refund.actorId ?? null,
      action:
        refund.kind === 'auto_refund' ? 'purchase.auto_refund' : 'purchase.refund_not_received',
      targetType: 'transaction',
      targetId: refunded.row.id,
      before: { status: purchase.status },
      after: { status: 'refunded' },
      reason: refund.why,
    });
    return refunded.row;
  });
  if (row) countRefund(ctx, row, refund.kind);
  return row;
};

/**
 * Settles a purchase of PINs (exam, e-PINs) of which the supplier delivered `delivered` of the
 * `ordered`: what was delivered is sold at its share of the charge and cost, and the rest goes
 * back to the wallet at once, with a refund line in the history (docs/product-rules.md#e-pins).
 * The guarded move, both journals and the line in one transaction, once. Null when someone else
 * settled it first.
 */
export const settlePartialDelivery = async (
  ctx: AppContext,
  purchase: TransactionRow,
  answer: SaleAnswer,
  { ordered, delivered }: { ordered: number; delivered: number },
): Promise<{ row: TransactionRow; balanceKobo: number } | null> => {
  const amountKobo = Math.round((purchase.amountKobo * delivered) / ordered);
  const costKobo = Math.round((purchase.costKobo * delivered) / ordered);
  const undeliveredKobo = purchase.amountKobo - amountKobo;
  const settled = await inTransaction(ctx.db, async (tx) => {
    const moved = await markPartlyDelivered(tx, purchase.id, {
      amountKobo,
      costKobo,
      answer,
      details: { ...answer.details, delivered, undeliveredKobo },
    });
    if (!moved) return null;
    const balanceKobo = await settlePartialSale(tx, purchase, { amountKobo, costKobo });
    await insertRefundLine(tx, moved, balanceKobo, {
      undeliveredKobo,
      note: `Refund of ${ordered - delivered} undelivered of ${ordered} PINs, ${purchase.type} purchase ${purchase.reference}`,
    });
    return { row: moved, balanceKobo };
  });
  if (settled) {
    ctx.metrics.purchaseSettled(settled.row, 'success');
    ctx.metrics.refund('undelivered');
  }
  return settled;
};

/**
 * Reverses a purchase the supplier delivered (an admin's act, with a reason): the move from
 * success to refunded, the reversing journal, the user's refund line and the audit row in one
 * transaction. Null when the purchase was not 'success' at that moment.
 */
export const reverseDeliveredPurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  { actorId, reason }: { actorId: string; reason: string },
): Promise<TransactionRow | null> => {
  const reversed = await inTransaction(ctx.db, async (tx) => {
    const moved = await transitionPurchase(tx, purchase.id, ['success'], {
      status: 'refunded',
      profitKobo: 0,
    });
    if (!moved) return null;
    const balanceKobo = await refundPurchase(tx, moved, 'success');
    await insertRefundLine(tx, moved, balanceKobo);
    await recordAudit(tx, {
      actorId,
      action: 'purchase.reverse_delivered',
      targetType: 'transaction',
      targetId: moved.id,
      before: { status: 'success', profitKobo: purchase.profitKobo },
      after: { status: 'refunded' },
      reason,
    });
    return moved;
  });
  if (reversed) countRefund(ctx, reversed, 'staff_reversal');
  return reversed;
};

/**
 * Refunds a delivered purchase the supplier reversed (its re-query says 'reversed' or 'refunded':
 * it gave the money back to our float). One transaction: the guarded move from success to
 * refunded, the reversing journal (back from the supplier's float and revenue, as an admin's
 * reversal), the user's refund line and an audit row (the staff member who re-queried, else no
 * actor). Null when the purchase was not 'success' at that moment: refunded once, whoever races.
 */
export const refundSupplierReversal = async (
  ctx: AppContext,
  purchase: TransactionRow,
  { lastAnswer, actorId = null }: { lastAnswer: string; actorId?: string | null },
): Promise<{ row: TransactionRow; balanceKobo: number } | null> => {
  const reversed = await inTransaction(ctx.db, async (tx) => {
    const moved = await transitionPurchase(tx, purchase.id, ['success'], {
      status: 'refunded',
      profitKobo: 0,
      apiResponse: truncate(`Refunded: the supplier reversed it. Supplier answer: ${lastAnswer}`),
    });
    if (!moved) return null;
    const balanceKobo = await refundPurchase(tx, moved, 'success');
    await insertRefundLine(tx, moved, balanceKobo, {
      note: `Refund of ${moved.type} purchase ${moved.reference}: our supplier reversed it`,
    });
    await recordAudit(tx, {
      actorId,
      action: 'purchase.supplier_reversal',
      targetType: 'transaction',
      targetId: moved.id,
      before: { status: 'success', profitKobo: purchase.profitKobo },
      after: { status: 'refunded' },
      reason: 'The supplier reversed the delivered purchase',
    });
    return { row: moved, balanceKobo };
  });
  if (reversed) countRefund(ctx, reversed.row, 'supplier_reversal');
  return reversed;
};

/**
 * Mails the buyer that their purchase was refunded and why (after the commit, best effort: a
 * mail that fails is logged, the refund stands and shows in their history).
 */
export const tellUserOfRefund = async (
  ctx: AppContext,
  purchase: TransactionRow,
  because: string,
): Promise<void> => {
  try {
    const user = await findUserRecordById(ctx.db, purchase.userId);
    if (!user) return;
    const what =
      purchase.type === 'electricity'
        ? `${purchase.network} electricity`
        : `${purchase.network} ${purchase.type} for ${purchase.phoneNumber ?? ''}`.trim();
    await ctx.mailer.send({
      to: user.email,
      subject: `${ctx.config.site.appName}: your purchase ${purchase.reference} was refunded`,
      text: [
        `Hello ${user.userName},`,
        '',
        `Your ${what} purchase (${purchase.reference}) ${because},`,
        `so ${formatNaira(purchase.amountKobo)} has been returned to your wallet. It shows in your history as a refund.`,
        '',
        `${ctx.config.site.appName}`,
      ].join('\n'),
    });
  } catch (error) {
    ctx.logger.error('refund mail failed', {
      reference: purchase.reference,
      error: String(error),
    });
  }
};

/**
 * The supplier reversed a purchase it had delivered: the customer is refunded once (guarded
 * success → refunded, the reversing journal, the refund line, an audit row), then mailed, and the
 * admins alerted once. Null when the purchase was not 'success' (already refunded by a racer).
 */
export const refundReversedPurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  result: SupplierResult,
  staff?: StaffActor,
): Promise<{ row: TransactionRow; balanceKobo: number } | null> => {
  const reversed = await refundSupplierReversal(ctx, purchase, {
    lastAnswer: result.raw || result.message,
    actorId: staff?.actorId ?? null,
  });
  if (!reversed) return null;
  await raiseAlertOnce(ctx, {
    kind: 'supplier_reversal',
    subject: purchase.id,
    transactionId: purchase.id,
    message: `${purchase.supplier ?? 'The supplier'} reversed purchase ${purchase.reference} after delivering it: the customer was refunded ${formatNaira(purchase.amountKobo)} (${formatNaira(purchase.costKobo)} back from its float).`,
  });
  await tellUserOfRefund(ctx, reversed.row, 'was reversed by our supplier');
  return reversed;
};
