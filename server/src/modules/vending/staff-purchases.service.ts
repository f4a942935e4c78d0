import type { TTransactionStatus } from '@vendo/shared/constants';
import type {
  TPendingPurchasesResponse,
  TRequeryPurchaseResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { toPublicTransaction } from '../transactions/transactions.mapper.ts';
import type { UserRow } from '../users/users.repository.ts';
import { reverseDeliveredPurchase } from './purchase-refunds.ts';
import { findPurchase, listUnsettled, PURCHASE_TYPES, UNSETTLED } from './purchase.repository.ts';
import { requeryPurchase } from './purchase.service.ts';

/** What staff do with purchases: refund, re-query, and the queue of unsettled ones. */

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
      msg: 'Only purchases can be refunded',
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

/**
 * A staff re-query of an unsettled or delivered purchase; answers the supplier's word and the
 * status now. A delivered one moves only if the supplier says it reversed it (refunded once).
 */
export const staffRequery = async (
  ctx: AppContext,
  { id, actor }: { id: string; actor: UserRow },
): Promise<TRequeryPurchaseResponse> => {
  const purchase = await findPurchase(ctx.db, id);
  if (!purchase || !PURCHASE_TYPES.includes(purchase.type)) throw notFound();
  if (
    purchase.status !== 'success' &&
    !(UNSETTLED as readonly string[]).includes(purchase.status)
  ) {
    // The status column holds one of TRANSACTION_STATUSES (as transactions.mapper.ts reads it).
    const status = purchase.status as TTransactionStatus;
    return { msg: `Transaction is already ${status}`, status };
  }
  const result = await requeryPurchase(ctx, purchase, { actorId: actor.id });
  const current = (await findPurchase(ctx.db, purchase.id))!;
  return { msg: `Supplier says: ${result.message}`, status: current.status as TTransactionStatus };
};

/** GET /admin/pending: purchases still unsettled, oldest first, those past the SLA marked. */
export const pendingQueue = async (ctx: AppContext): Promise<TPendingPurchasesResponse> => ({
  transactions: (await listUnsettled(ctx.db)).map((r) => ({
    ...toPublicTransaction({ ...r.t, userName: r.userName }, { withProfit: true }),
    escalated: r.t.escalatedAt !== null,
    attempts: r.t.attempts,
  })),
});
