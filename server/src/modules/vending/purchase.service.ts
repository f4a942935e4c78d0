import type { TTransaction } from '@vendo/shared/schemas/transaction';
import type { AppContext } from '../../app-context.ts';
import {
  isDatabaseUnavailable,
  isTransientConflict,
  isUniqueViolation,
} from '../../db/pg-error.ts';
import { retryTransient } from '../../db/retry.ts';
import { AppError } from '../../lib/app-error.ts';
import { markRequestActing } from '../../lib/idempotency-scope.ts';
import { newReference } from '../../lib/ids.ts';
import type { SupplierResult } from '../../providers/vending/port.ts';
import { raiseAlert, raiseAlertOnce } from '../alerts/alerts.service.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { openPurchase, settleSaleGrouped, type SaleAnswer } from '../ledger/purchase-journals.ts';
import { pinViewerOf, sealPins, withoutPins } from '../bills/exam-pins.ts';
import { toPublicTransaction, type TransactionRow } from '../transactions/transactions.mapper.ts';
import type { UserRow } from '../users/users.repository.ts';
import { checkAnswer, type CheckedResult } from './answer-check.ts';
import { failOver, type FailoverStep } from './purchase-failover.ts';
import {
  refundFailedPurchase,
  refundReversedPurchase,
  refundUnconfirmedPurchase,
  settlePartialDelivery,
  tellUserOfRefund,
  truncate,
  type StaffActor,
} from './purchase-refunds.ts';
import {
  placeOrder,
  queryOrder,
  type PurchaseSupplier,
  type SupplierOrder,
} from './purchase-orders.ts';
import {
  findPurchase,
  findPurchaseByRequestId,
  markPurchasePending,
  UNSETTLED,
} from './purchase.repository.ts';

/** Everything the state machine needs to know about one order, whatever the product. */
export type PreparedPurchase = {
  /** What the receipt shows as the network: the network, or the disco for electricity. */
  network: string;
  phone: string | null;
  chargeKobo: number;
  costKobo: number;
  supplier: PurchaseSupplier;
  planId?: string | null;
  ported?: boolean;
  details: Record<string, unknown>;
  order: SupplierOrder;
  /** The metrics' network label when `network` is a description (cable: the provider; exam: the product). */
  metricsLabel?: string;
  /** The client's request_id / Idempotency-Key: one purchase per user and key, findable by it. */
  requestId?: string | null;
  /**
   * The next suppliers of the product's list, in order, each with the order as it would be
   * sent there and what the receipt's details then say (the supplier's plan id). The purchase
   * moves to the next only when one refuses the order before taking it (docs/product-rules.md
   * #supplier-failover).
   */
  fallbacks?: FailoverStep[];
};

export type PurchaseOutcome = {
  status: 'success' | 'refunded' | 'pending';
  receipt: TTransaction;
  /** The wallet balance after everything this request did (refund included), in kobo. */
  balanceKobo: number;
  supplierMessage: string;
  token?: string;
};

/**
 * The purchase state machine (docs/architecture.md, "Purchases"):
 * [debit wallet + 'processing' receipt] → supplier call (timeout, no tx) → [settle once].
 */
export const executePurchase = async (
  ctx: AppContext,
  user: UserRow,
  purchase: PreparedPurchase,
): Promise<PurchaseOutcome> => {
  const reference = newReference('VND');
  let row: TransactionRow | null;
  await markRequestActing(ctx.db);
  try {
    row = await retryTransient(() =>
      openPurchase(ctx.db, {
        userId: user.id,
        reference,
        type: purchase.order.kind,
        network: purchase.network,
        phoneNumber: purchase.phone,
        chargeKobo: purchase.chargeKobo,
        costKobo: purchase.costKobo,
        supplier: purchase.supplier,
        planId: purchase.planId ?? null,
        ported: purchase.ported ?? false,
        details: purchase.details,
        requestId: purchase.requestId ?? null,
        graceSeconds: ctx.config.vending.processingGraceSeconds,
        touchesContact: true,
      }),
    );
  } catch (error) {
    // Only once its key's stored answer has expired (or its first run ended in a 5xx) can a
    // request_id come back: the purchase made with it stands, and nothing was charged now.
    if (isUniqueViolation(error, 'transactions_user_request_id_key')) {
      throw new AppError('CONFLICT', {
        msg: 'A purchase was already made with this request_id; look it up at GET /api/v1/transaction/{request_id}',
      });
    }
    throw error;
  }
  if (!row) throw new AppError('INSUFFICIENT_BALANCE', { msg: 'Insufficient balance' });

  let result: CheckedResult;
  try {
    result = checkAnswer(row, await placeOrder(ctx, purchase.supplier, reference, purchase.order));
    for (const next of purchase.fallbacks ?? []) {
      // Only a refusal before the order was taken: a timeout or a pending answer may still
      // deliver, and sending the order elsewhere then would top the number up twice.
      if (result.outcome !== 'failed' || !result.notProcessed) break;
      const moved = await failOver(ctx, row, next, result);
      if (!moved) break;
      row = moved;
      result = checkAnswer(row, await placeOrder(ctx, next.supplier, reference, next.order));
    }
  } catch (error) {
    // The adapter should not throw, but if it does the order may still have gone out.
    result = {
      outcome: 'pending',
      supplierRef: null,
      message: 'No definite answer from the supplier',
      raw: String(error),
    };
  }
  let settled: Awaited<ReturnType<typeof settlePurchase>>;
  let current: TransactionRow;
  try {
    settled = await settlePurchase(ctx, row, result);
    current = settled?.row ?? (await findPurchase(ctx.db, row.id))!;
    if (result.duplicateRequest && (UNSETTLED as readonly string[]).includes(current.status)) {
      // The supplier already holds an order under our reference: ask it how that one went now,
      // rather than after the reconciler's back-off.
      result = await requeryPurchase(ctx, current);
      current = (await findPurchase(ctx.db, row.id))!;
      settled = null;
    }
  } catch (error) {
    // The wallet was debited and the order went out, but the database went away before the
    // answer was recorded: the purchase is pending (the reconciler re-queries it once the
    // database is back), never an error that invites paying again.
    if (!isDatabaseUnavailable(error) && !isTransientConflict(error)) throw error;
    ctx.logger.warn('purchase left processing: database unavailable at settle', {
      reference,
      outcome: result.outcome,
    });
    settled = { row, balanceKobo: row.balanceAfterKobo };
    current = row;
  }
  const status =
    current.status === 'success'
      ? 'success'
      : current.status === 'refunded'
        ? 'refunded'
        : 'pending';
  ctx.metrics.purchase({
    product: purchase.order.kind,
    network: purchase.metricsLabel ?? purchase.network,
    // The supplier that took the order (after a failover, not the first of the list).
    supplier: current.supplier ?? purchase.supplier,
    outcome: status,
  });
  return {
    status,
    receipt: toPublicTransaction(
      { ...current, userName: user.userName },
      { withProfit: user.isAdmin || user.isAgent, viewer: pinViewerOf(ctx, user.id) },
    ),
    balanceKobo: settled?.balanceKobo ?? (await getWalletBalanceKobo(ctx.db, user.id)),
    supplierMessage: result.message,
    ...(result.token ? { token: result.token } : {}),
  };
};

/** What a receipt records of the supplier's answer. */
const saleAnswer = (
  ctx: AppContext,
  purchase: TransactionRow,
  result: SupplierResult,
): SaleAnswer => ({
  supplierRef: result.supplierRef ?? purchase.supplierRef,
  // Exam PINs never go into the stored answer in clear: they are sealed into the details.
  apiResponse: truncate(withoutPins(result.raw || result.message, result.pins)),
  ...(result.token ? { token: result.token } : {}),
  ...(result.pins && result.outcome === 'success'
    ? { details: sealPins(ctx.jwtSecret, result.pins) }
    : {}),
});

/**
 * Whether a purchase is old enough for a supplier's "no such order" to mean it never got there:
 * an order can reach the supplier up to the adapter's timeout after it was sent, and a supplier
 * may record it a moment later still (SUPPLIER_NOT_FOUND_GRACE_SECONDS, at least that timeout).
 */
const isPastNotFoundGrace = (ctx: AppContext, purchase: TransactionRow): boolean =>
  Date.now() - purchase.createdAt.getTime() >= ctx.config.vending.notFoundGraceSeconds * 1000;

/** One alert per purchase, however often the supplier repeats an answer about another order. */
const alertMismatch = (ctx: AppContext, purchase: TransactionRow, result: CheckedResult) =>
  raiseAlertOnce(ctx, {
    kind: 'supplier_answer_mismatch',
    subject: purchase.id,
    transactionId: purchase.id,
    message: (UNSETTLED as readonly string[]).includes(purchase.status)
      ? `${result.message} for purchase ${purchase.reference}. It stays pending (neither booked nor refunded) and is re-queried; if the supplier keeps answering so, settle it by hand.`
      : `${result.message} for purchase ${purchase.reference} (${purchase.status}). Nothing was changed.`,
  });

/**
 * A 'reversed' answer: for a purchase not yet settled the supplier did not deliver (refunded as a
 * failure); for a delivered one (booked meanwhile, or found by reconciliation) it is a reversal.
 */
const settleReversal = async (
  ctx: AppContext,
  purchase: TransactionRow,
  result: SupplierResult,
  staff?: StaffActor,
): Promise<{ row: TransactionRow; balanceKobo?: number } | null> => {
  if (purchase.status !== 'success') {
    const refunded = await refundFailedPurchase(
      ctx,
      purchase,
      saleAnswer(ctx, purchase, result),
      staff,
    );
    if (refunded) return refunded;
  }
  const current =
    purchase.status === 'success' ? purchase : await findPurchase(ctx.db, purchase.id);
  if (current?.status !== 'success') return null;
  return refundReversedPurchase(ctx, current, result, staff);
};

/**
 * PINs (exam, e-PINs) delivered in part: some, but fewer than the receipt's quantity. A delivery
 * with no PINs at all is booked as the supplier says (its answer names the order; staff see it).
 */
const partialDeliveryOf = (
  purchase: TransactionRow,
  result: SupplierResult,
): { ordered: number; delivered: number } | null => {
  const ordered = purchase.details?.quantity;
  const delivered = result.pins?.length ?? 0;
  if (typeof ordered !== 'number' || delivered === 0 || delivered >= ordered) return null;
  return { ordered, delivered };
};

/**
 * Applies a supplier answer to a purchase, at most once. The answer is checked first
 * (checkAnswer): one about another order leaves the purchase pending and alerts the admins once.
 * Then: success books the sale; a definite failure refunds; a reversal refunds (as a failure, or
 * reverses a delivered sale); a supplier that has no record of our reference (we never got its
 * id) past the grace never received the order, so it is refunded, never sent again; anything
 * else leaves it pending for the reconciler (at once when the supplier said it already holds our
 * request id). Each is one guarded transition, so racing settlers cannot both act. Answers the
 * row this call moved (with the wallet balance when money moved), or null when the purchase was
 * no longer in a state this answer moves.
 */
export const settlePurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  received: SupplierResult,
  staff?: StaffActor,
): Promise<{ row: TransactionRow; balanceKobo?: number } | null> => {
  const result = checkAnswer(purchase, received);
  if (result.mismatches) await alertMismatch(ctx, purchase, result);
  const answer = saleAnswer(ctx, purchase, result);
  if (result.outcome === 'success') {
    const partial = partialDeliveryOf(purchase, result);
    if (partial) return settlePartialDelivery(ctx, purchase, answer, partial);
    const sold = await settleSaleGrouped(ctx.db, purchase.id, answer);
    if (sold) ctx.metrics.purchaseSettled(sold.row, 'success');
    return sold;
  }
  if (result.outcome === 'reversed') return settleReversal(ctx, purchase, result, staff);
  if (result.outcome === 'failed') {
    const refunded = await refundFailedPurchase(ctx, purchase, answer, staff);
    if (refunded && result.insufficientFloat) {
      await raiseAlert(
        ctx,
        'supplier_float',
        `${purchase.supplier} says our float is exhausted: top it up. Purchase ${purchase.reference} was refunded.`,
        purchase.id,
      );
    }
    return refunded;
  }
  if (result.notFound && purchase.supplierRef === null && isPastNotFoundGrace(ctx, purchase)) {
    const refunded = await refundUnconfirmedPurchase(ctx, purchase, {
      kind: 'not_received',
      why: `the supplier has no record of it ${ctx.config.vending.notFoundGraceSeconds} s after it began`,
      note: `Refund of ${purchase.type} purchase ${purchase.reference}: it never reached our supplier`,
      lastAnswer: result.message,
      actorId: staff?.actorId ?? null,
    });
    if (refunded) {
      await tellUserOfRefund(ctx, refunded, 'never reached our supplier, so it was not delivered');
    }
    return refunded ? { row: refunded } : null;
  }
  const row = await markPurchasePending(ctx.db, purchase.id, {
    supplierRef: answer.supplierRef,
    apiResponse: result.mismatches
      ? truncate(`Held: ${result.message}. Answer: ${withoutPins(result.raw, received.pins)}`)
      : answer.apiResponse,
    // It holds an order under our reference: due for a re-query now, not after the back-off.
    dueNow: Boolean(result.duplicateRequest),
  });
  return row ? { row } : null;
};

/**
 * Re-queries one purchase with its supplier and applies the answer (or leaves it pending).
 * Answers the supplier's answer as it counted (checkAnswer).
 */
export const requeryPurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  staff?: StaffActor,
): Promise<CheckedResult> => {
  let result: SupplierResult;
  try {
    result = await queryOrder(ctx, purchase);
  } catch (error) {
    result = {
      outcome: 'pending',
      supplierRef: null,
      message: 'Re-query failed',
      raw: String(error),
    };
  }
  const checked = checkAnswer(purchase, result);
  await settlePurchase(ctx, purchase, checked, staff);
  return checked;
};

/**
 * The outcome of the purchase `user` made with `requestId`, as it stands now: for a request
 * whose answer was lost after it acted (its key's replay rebuilds the answer from it). Null
 * when no purchase carries that request_id.
 */
export const purchaseOutcomeByRequestId = async (
  ctx: AppContext,
  user: UserRow,
  requestId: string,
): Promise<(PurchaseOutcome & { details: Record<string, unknown> }) | null> => {
  const row = await findPurchaseByRequestId(ctx.db, { userId: user.id, requestId });
  if (!row) return null;
  const details = (row.details ?? {}) as Record<string, unknown>;
  const token = typeof details.token === 'string' ? details.token : undefined;
  return {
    status:
      row.status === 'success' ? 'success' : row.status === 'refunded' ? 'refunded' : 'pending',
    receipt: toPublicTransaction(
      { ...row, userName: user.userName },
      { withProfit: user.isAdmin || user.isAgent, viewer: pinViewerOf(ctx, user.id) },
    ),
    // Unsettled or delivered: the balance right after its debit, as its first answer said.
    balanceKobo:
      row.status === 'refunded'
        ? await getWalletBalanceKobo(ctx.db, user.id)
        : row.balanceAfterKobo,
    supplierMessage: row.apiResponse ?? '',
    details,
    ...(token ? { token } : {}),
  };
};
