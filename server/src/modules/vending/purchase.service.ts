import { sql } from 'drizzle-orm';
import type { TNetwork, TSupplier } from '@vendo/shared/constants';
import { formatNaira } from '@vendo/shared/money';
import type { TPendingPurchasesResponse } from '@vendo/shared/schemas/admin.responses';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/ids.ts';
import type {
  PurchaseKind,
  SupplierResult,
  VendingSupplier,
} from '../../providers/vending/port.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import {
  openPurchase,
  refundPurchase,
  settleSaleGrouped,
  type SaleAnswer,
} from '../ledger/purchase-journals.ts';
import { toPublicTransaction, type TransactionRow } from '../transactions/transactions.mapper.ts';
import { findUserRecordById, type UserRow } from '../users/users.repository.ts';
import {
  findPurchase,
  insertRefundLine,
  listUnsettled,
  PURCHASE_TYPES,
  transitionPurchase,
  UNSETTLED,
} from './purchase.repository.ts';
import { inTransaction, retryTransient } from '../../db/retry.ts';

/** What is sent to the supplier, per product. */
export type SupplierOrder =
  | { kind: 'data'; network: TNetwork; phone: string; supplierPlanId: string; ported: boolean }
  | { kind: 'airtime'; network: TNetwork; phone: string; amountKobo: number; ported: boolean }
  | {
      kind: 'electricity';
      discoId: number;
      meterNumber: string;
      meterType: 'prepaid' | 'postpaid';
      amountKobo: number;
      phone: string | null;
      customerName: string | null;
    };

/** Everything the state machine needs to know about one order, whatever the product. */
export type PreparedPurchase = {
  /** What the receipt shows as the network: the network, or the disco for electricity. */
  network: string;
  phone: string | null;
  chargeKobo: number;
  costKobo: number;
  supplier: TSupplier;
  planId?: string | null;
  ported?: boolean;
  details: Record<string, unknown>;
  order: SupplierOrder;
  /** The client's request_id / Idempotency-Key: one purchase per user and key, findable by it. */
  requestId?: string | null;
};

export type PurchaseOutcome = {
  status: 'success' | 'refunded' | 'pending';
  receipt: TTransaction;
  /** The wallet balance after everything this request did (refund included), in kobo. */
  balanceKobo: number;
  supplierMessage: string;
  token?: string;
};

const truncate = (text: string, max = 2000) =>
  text.length > max ? `${text.slice(0, max)}…` : text;

/** Places an order with the supplier (never inside a DB transaction). */
const placeOrder = (
  supplier: VendingSupplier,
  reference: string,
  order: SupplierOrder,
): Promise<SupplierResult> => {
  switch (order.kind) {
    case 'data':
      return supplier.buyData({ reference, ...order });
    case 'airtime':
      return supplier.buyAirtime({ reference, ...order });
    case 'electricity':
      return supplier.buyElectricity({ reference, ...order });
  }
};

/**
 * The purchase state machine (ARCHITECTURE.md "Purchases"):
 * [debit wallet + 'processing' receipt] → supplier call (timeout, no tx) → [settle once].
 */
export const executePurchase = async (
  ctx: AppContext,
  user: UserRow,
  purchase: PreparedPurchase,
): Promise<PurchaseOutcome> => {
  const reference = newReference('VND');
  let row: TransactionRow | null;
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

  let result: SupplierResult;
  try {
    result = await placeOrder(ctx.suppliers.get(purchase.supplier), reference, purchase.order);
  } catch (error) {
    // The adapter should not throw, but if it does the order may still have gone out.
    result = {
      outcome: 'pending',
      supplierRef: null,
      message: 'No definite answer from the supplier',
      raw: String(error),
    };
  }
  const settled = await settlePurchase(ctx, row, result);
  const current = settled?.row ?? (await findPurchase(ctx.db, row.id))!;
  return {
    status:
      current.status === 'success'
        ? 'success'
        : current.status === 'refunded'
          ? 'refunded'
          : 'pending',
    receipt: toPublicTransaction(
      { ...current, userName: user.userName },
      { withProfit: user.isAdmin || user.isAgent },
    ),
    balanceKobo: settled?.balanceKobo ?? (await getWalletBalanceKobo(ctx.db, user.id)),
    supplierMessage: result.message,
    ...(result.token ? { token: result.token } : {}),
  };
};

/** What a receipt records of the supplier's answer. */
const saleAnswer = (purchase: TransactionRow, result: SupplierResult): SaleAnswer => ({
  supplierRef: result.supplierRef ?? purchase.supplierRef,
  apiResponse: truncate(result.raw || result.message),
  ...(result.token ? { token: result.token } : {}),
});

/** Who settles a purchase when it is staff rather than the request or the reconciler. */
export type StaffActor = { actorId: string };

/**
 * Applies a supplier answer to an unsettled purchase, at most once: success books the sale, a
 * definite failure refunds, anything else leaves it pending for the reconciler. Each is one
 * guarded transition, so racing settlers cannot both act. Answers the row this call moved (with
 * the wallet balance when money moved), or null when the purchase was no longer unsettled.
 */
export const settlePurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  result: SupplierResult,
  staff?: StaffActor,
): Promise<{ row: TransactionRow; balanceKobo?: number } | null> => {
  const answer = saleAnswer(purchase, result);
  if (result.outcome === 'success') return settleSaleGrouped(ctx.db, purchase.id, answer);
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
  const row = await transitionPurchase(ctx.db, purchase.id, UNSETTLED, {
    status: 'pending',
    supplierRef: answer.supplierRef,
    apiResponse: answer.apiResponse,
    apiResponseId: answer.supplierRef,
  });
  return row ? { row } : null;
};

/**
 * Refunds a purchase the supplier definitely failed: the move from processing/pending to
 * refunded, the refund journal and the user's refund line in one transaction, once.
 */
const refundFailedPurchase = (
  ctx: AppContext,
  purchase: TransactionRow,
  answer: SaleAnswer,
  staff?: StaffActor,
): Promise<{ row: TransactionRow; balanceKobo: number } | null> =>
  inTransaction(ctx.db, async (tx) => {
    const moved = await transitionPurchase(tx, purchase.id, UNSETTLED, {
      status: 'refunded',
      settledAt: sql`now()`,
      nextCheckAt: null,
      profitKobo: 0,
      apiResponse: answer.apiResponse,
      ...(answer.supplierRef
        ? { supplierRef: answer.supplierRef, apiResponseId: answer.supplierRef }
        : {}),
    });
    if (!moved) return null;
    const balanceKobo = await refundPurchase(tx, moved, 'pending');
    await insertRefundLine(tx, moved, balanceKobo);
    if (staff) {
      await recordAudit(tx, {
        actorId: staff.actorId,
        action: 'purchase.refund',
        targetType: 'transaction',
        targetId: moved.id,
        before: { status: purchase.status },
        after: { status: 'refunded' },
        reason: 'The supplier confirmed the purchase failed',
      });
    }
    return { row: moved, balanceKobo };
  });

/**
 * Reverses a purchase the supplier delivered (an admin's act, with a reason): the move from
 * success to refunded, the reversing journal, the user's refund line and the audit row in one
 * transaction. Null when the purchase was not 'success' at that moment.
 */
const reverseDeliveredPurchase = (
  ctx: AppContext,
  purchase: TransactionRow,
  { actorId, reason }: { actorId: string; reason: string },
): Promise<TransactionRow | null> =>
  inTransaction(ctx.db, async (tx) => {
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

/** Re-queries one purchase with its supplier and applies the answer (or leaves it pending). */
export const requeryPurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  staff?: StaffActor,
): Promise<SupplierResult> => {
  let result: SupplierResult;
  try {
    result = await ctx.suppliers
      .get((purchase.supplier ?? 'ALARO') as TSupplier)
      .query(purchase.type as PurchaseKind, {
        supplierRef: purchase.supplierRef,
        reference: purchase.reference,
      });
  } catch (error) {
    result = {
      outcome: 'pending',
      supplierRef: null,
      message: 'Re-query failed',
      raw: String(error),
    };
  }
  await settlePurchase(ctx, purchase, result, staff);
  return result;
};

/** '24 h', '0.5 h': the auto-refund delay as people read it. */
export const autoRefundDelayText = (seconds: number): string =>
  `${Number((seconds / 3600).toFixed(4))} h`;

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
  const why = `auto refund after ${autoRefundDelayText(ctx.config.vending.autoRefundAfterSeconds)} unconfirmed`;
  const refunded = await inTransaction(ctx.db, async (tx) => {
    const moved = await transitionPurchase(tx, purchase.id, UNSETTLED, {
      status: 'refunded',
      settledAt: sql`now()`,
      nextCheckAt: null,
      profitKobo: 0,
      apiResponse: truncate(`Refunded: ${why}. Last supplier answer: ${before.message}`),
    });
    if (!moved) return null;
    const balanceKobo = await refundPurchase(tx, moved, 'pending');
    await insertRefundLine(tx, moved, balanceKobo, {
      note: `Refund of ${moved.type} purchase ${moved.reference}: the supplier did not confirm it within ${autoRefundDelayText(ctx.config.vending.autoRefundAfterSeconds)}`,
    });
    await recordAudit(tx, {
      actorId: null,
      action: 'purchase.auto_refund',
      targetType: 'transaction',
      targetId: moved.id,
      before: { status: current.status },
      after: { status: 'refunded' },
      reason: why,
    });
    return moved;
  });
  if (!refunded) return 'unchanged';
  await raiseAlert(
    ctx,
    'auto_refund',
    `Purchase ${refunded.reference} (${refunded.supplier ?? 'no supplier'}) was refunded automatically: ${why}. Supplier reconciliation will show it if the supplier delivers later.`,
    refunded.id,
  );
  await tellUserOfAutoRefund(ctx, refunded).catch((error: unknown) =>
    ctx.logger.error('auto refund mail failed', {
      reference: refunded.reference,
      error: String(error),
    }),
  );
  return 'auto_refunded';
};

/** Mails the buyer that their unconfirmed purchase was refunded (after the commit, best effort). */
const tellUserOfAutoRefund = async (ctx: AppContext, purchase: TransactionRow): Promise<void> => {
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
      `Your ${what} purchase (${purchase.reference}) was not confirmed by our supplier within ${autoRefundDelayText(ctx.config.vending.autoRefundAfterSeconds)},`,
      `so ${formatNaira(purchase.amountKobo)} has been returned to your wallet. It shows in your history as a refund.`,
      '',
      `${ctx.config.site.appName}`,
    ].join('\n'),
  });
};

const notFound = () => new AppError('NOT_FOUND', { msg: 'Transaction not found' });

/**
 * A staff refund. An unsettled purchase is re-queried first and refunded only when the supplier
 * says it definitely failed (the refund is the guarded settle itself). A delivered purchase is
 * refunded only by an admin who gives a reason. Never twice, whoever races.
 */
export const staffRefund = async (
  ctx: AppContext,
  { id, actor, reason }: { id: string; actor: UserRow; reason?: string },
): Promise<{ msg: string }> => {
  const purchase = await findPurchase(ctx.db, id);
  if (!purchase) throw notFound();
  if (!PURCHASE_TYPES.includes(purchase.type)) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'Only data, airtime and electricity purchases can be refunded',
    });
  }
  if (purchase.status === 'refunded' || purchase.status === 'failed') {
    throw new AppError('CONFLICT', { msg: 'This transaction has already been refunded' });
  }
  if (purchase.status === 'success') {
    if (!actor.isAdmin) {
      throw new AppError('FORBIDDEN', {
        msg: 'The supplier delivered this purchase: only an admin can refund it, with a reason',
      });
    }
    const why = reason?.trim() ?? '';
    if (why.length < 5) {
      throw new AppError('VALIDATION_ERROR', {
        msg: 'Please give a reason for refunding a delivered purchase',
      });
    }
    const moved = await reverseDeliveredPurchase(ctx, purchase, { actorId: actor.id, reason: why });
    if (!moved) {
      throw new AppError('CONFLICT', { msg: 'This transaction was changed just now; reload it' });
    }
    return { msg: 'Transaction refunded' };
  }
  const result = await requeryPurchase(ctx, purchase, { actorId: actor.id });
  const current = (await findPurchase(ctx.db, purchase.id))!;
  if (current.status === 'refunded') return { msg: 'Transaction refunded' };
  if (current.status === 'success') {
    throw new AppError('CONFLICT', {
      msg: 'The supplier confirms this purchase was delivered, so it was not refunded',
    });
  }
  throw new AppError('CONFLICT', {
    msg: `The supplier has not confirmed that this purchase failed (${result.message}), so it was not refunded. It is re-queried automatically.`,
  });
};

/** A staff re-query of an unsettled purchase; answers the supplier's word and the status now. */
export const staffRequery = async (
  ctx: AppContext,
  { id, actor }: { id: string; actor: UserRow },
): Promise<{ msg: string; status: string }> => {
  const purchase = await findPurchase(ctx.db, id);
  if (!purchase || !PURCHASE_TYPES.includes(purchase.type)) throw notFound();
  if (!(UNSETTLED as readonly string[]).includes(purchase.status)) {
    return { msg: `Transaction is already ${purchase.status}`, status: purchase.status };
  }
  const result = await requeryPurchase(ctx, purchase, { actorId: actor.id });
  const current = (await findPurchase(ctx.db, purchase.id))!;
  return { msg: `Supplier says: ${result.message}`, status: current.status };
};

/** GET /admin/pending: purchases still unsettled, oldest first, those past the SLA marked. */
export const pendingQueue = async (ctx: AppContext): Promise<TPendingPurchasesResponse> => ({
  transactions: (await listUnsettled(ctx.db)).map((r) => ({
    ...toPublicTransaction({ ...r.t, userName: r.userName }, { withProfit: true }),
    escalated: r.t.escalatedAt !== null,
    attempts: r.t.attempts,
  })),
});
