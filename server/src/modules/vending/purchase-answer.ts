import { koboToNaira } from '@vendo/shared/money';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import type { Request } from 'express';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { StoredAnswer } from '../../middleware/idempotency.ts';
import { purchaseOutcomeByRequestId, type PurchaseOutcome } from './purchase.service.ts';

/** A purchase's HTTP answer: 200 delivered, 202 pending, 400 failed and refunded. */
export const purchaseAnswer = <Extra extends object = Record<never, never>>(
  outcome: PurchaseOutcome,
  extra?: Extra,
): { status: 200 | 202 | 400; body: TPurchaseResponse & Extra } => {
  const base = {
    receipt: outcome.receipt,
    balance: koboToNaira(outcome.balanceKobo),
    ...(extra as Extra),
  };
  if (outcome.status === 'success')
    return { status: 200, body: { msg: 'Transaction successful', ...base } };
  if (outcome.status === 'pending') {
    return {
      status: 202,
      body: {
        msg: 'Your purchase is being processed. We will confirm it shortly; you will not be charged twice.',
        ...base,
      },
    };
  }
  const reason = outcome.supplierMessage
    .replace(/^\s*transaction failed[:.]?\s*/i, '')
    .replace(/[.\s]+$/, '');
  return {
    status: 400,
    body: {
      msg: `Transaction failed${reason ? `: ${reason}` : ''}. Your wallet has been refunded.`,
      code: 'PURCHASE_FAILED',
      ...base,
    },
  };
};

/**
 * The answer of a purchase whose first answer was lost after its debit (a replay of its key),
 * rebuilt from the purchase as it stands; null when no purchase carries the key.
 */
export const recoverPurchaseAnswer = async (
  ctx: AppContext,
  req: Request,
  { key }: { key: string },
): Promise<StoredAnswer | null> => {
  const outcome = await purchaseOutcomeByRequestId(ctx, currentUser(req), key);
  if (!outcome) return null;
  const { details } = outcome;
  return purchaseAnswer(
    outcome,
    outcome.receipt.trans_Type === 'electricity'
      ? {
          token: outcome.token ?? null,
          meterNumber: details.meterNumber,
          customerName: details.customerName,
        }
      : {},
  );
};
