import type { AppContext } from '../../app-context.ts';
import { raiseAlertOnce } from '../alerts/alerts.service.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import type { CheckedResult } from './answer-check.ts';
import type { PurchaseSupplier, SupplierOrder } from './purchase-orders.ts';
import { truncate } from './purchase-refunds.ts';
import { switchPurchaseSupplier } from './purchase.repository.ts';

/**
 * Supplier failover within one purchase (decision 0041, docs/product-rules.md#supplier-failover):
 * the purchase state machine (purchase.service.ts) sends an order a supplier refused before
 * taking it to the next supplier of the product's list.
 */

/** One next supplier: the order as it is sent there, and what the receipt's details then say. */
export type FailoverStep = {
  supplier: PurchaseSupplier;
  order: SupplierOrder;
  details?: Record<string, unknown>;
};

/**
 * Moves a purchase still processing to the next supplier of its list, after the one named on it
 * refused the order before taking it: the receipt then names the new supplier (its re-queries
 * and its settle go there) and keeps who refused, and why. An exhausted float still alerts the
 * admins, once per supplier until acknowledged. Null when the purchase moved on meanwhile.
 */
export const failOver = async (
  ctx: AppContext,
  purchase: TransactionRow,
  next: FailoverStep,
  refusal: CheckedResult,
): Promise<TransactionRow | null> => {
  const from = purchase.supplier ?? 'the supplier';
  if (refusal.insufficientFloat) {
    await raiseAlertOnce(ctx, {
      kind: 'supplier_float',
      subject: from,
      message: `${from} says our float is exhausted: top it up. Its purchases go to the next supplier of their list meanwhile.`,
    });
  }
  const moved = await switchPurchaseSupplier(ctx.db, purchase.id, {
    from: purchase.supplier,
    to: next.supplier,
    details: {
      ...next.details,
      failedOver: [
        ...((purchase.details?.failedOver as unknown[] | undefined) ?? []),
        { supplier: from, answer: truncate(refusal.message, 200) },
      ],
    },
  });
  if (moved) {
    ctx.logger.warn('purchase failed over', {
      reference: purchase.reference,
      from,
      to: next.supplier,
    });
  }
  return moved;
};
