import { PURCHASE_TYPES } from '@vendo/shared/constants';
import type { TTransaction } from '@vendo/shared/schemas/transaction';

const PURCHASES = new Set<string>(PURCHASE_TYPES);
const UNSETTLED = new Set(['processing', 'pending']);

/**
 * A refund is offered to staff unless the row is refunded or failed, and never for a transfer,
 * wallet or refund row. A delivered purchase only an admin may refund, with a reason
 * (docs/product-rules.md#refunds-and-re-queries).
 */
export const refundOffer = (
  row: Pick<TTransaction, 'trans_Type' | 'trans_Status'>,
  isAdmin: boolean,
): 'none' | 'refund' | 'reason' => {
  if (!PURCHASES.has(row.trans_Type)) return 'none';
  if (row.trans_Status === 'refunded' || row.trans_Status === 'failed') return 'none';
  if (row.trans_Status === 'success') return isAdmin ? 'reason' : 'none';
  return 'refund';
};

/** Which re-query an unsettled row gets: the supplier's, the payment provider's or the bank's. */
export const requeryKind = (
  row: Pick<TTransaction, 'trans_Type' | 'trans_Status' | 'trans_Network'>,
  isAdmin: boolean,
): 'purchase' | 'funding' | 'withdrawal' | null => {
  if (!UNSETTLED.has(row.trans_Status)) return null;
  if (PURCHASES.has(row.trans_Type)) return 'purchase';
  if (row.trans_Type !== 'wallet') return null;
  if (row.trans_Network === 'Withdrawal') return isAdmin ? 'withdrawal' : null;
  return 'funding';
};
