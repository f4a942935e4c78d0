import { z } from 'zod';
import { ZApiError } from '@vendo/shared/schemas/common';
import { ZPriceChangedError, ZPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { purchaseErrorExamples } from '../../openapi/examples.ts';
import { apiError, type Examples } from '../../openapi/operation.ts';

/** What the reference says about every purchase: outcomes, the confirmed price, refusals. */

export const tags = ['Purchases'];

export const PURCHASE_OUTCOMES =
  'A purchase is debited with its receipt in one database transaction, then the supplier is asked. **200**: delivered. **202**: the supplier has not confirmed yet: the purchase is `pending` and re-queried by us until settled, never refunded blind; ask `GET /transaction/{id}` (or wait for your webhook). **400 `PURCHASE_FAILED`**: the supplier definitely refused and the wallet is already refunded in the same answer. Send an `Idempotency-Key` so a retry after a timeout cannot buy twice.';

export const EXPECTED_AMOUNT =
  '`expectedAmount` (optional, naira): the charge your buyer saw and confirmed. If the charge for your tier is different now (an admin changed the price), nothing is bought and the answer is **409 `PRICE_CHANGED`** with `currentAmount`, the charge now: show it, and once the buyer confirms it send the purchase again with that `expectedAmount` and a **new** Idempotency-Key (the 409 is stored for the old key, and a changed body under it is refused with 422). Without `expectedAmount` the purchase is made at the current price.';

/**
 * A purchase's 409: the price changed since the buyer confirmed it (with the charge now), or
 * the first request with this Idempotency-Key is still running.
 */
export const purchase409 = (priceChanged: Examples) => ({
  description:
    '`PRICE_CHANGED`: the charge is not the `expectedAmount` sent, nothing was charged (`currentAmount` is the charge now); or `CONFLICT`: a request with this Idempotency-Key is still running',
  schema: z.union([ZPriceChangedError, ZApiError]),
  examples: {
    ...priceChanged,
    keyInProgress: {
      summary: 'The first request with this Idempotency-Key is still running',
      value: apiError('CONFLICT', 'A request with this key is in progress'),
    },
  },
});

export const locked = (service: string): Examples => ({
  locked: {
    summary: 'The service is paused by an admin',
    value: apiError(
      'SERVICE_LOCKED',
      `${service} purchases are paused at the moment. Please try again later.`,
    ),
  },
});

/** Meter validation (also the first step of a payment) when the disco cannot be asked. */
export const meterUnavailable: Examples = {
  unavailable: {
    summary: 'The electricity company could not be asked; nothing was charged',
    value: apiError(
      'PROVIDER_ERROR',
      'We could not reach the electricity company. Please try again.',
    ),
  },
};

/** A purchase's 400: a refused purchase (refunded receipt) or a request error (nothing charged). */
export const purchase400 = (failed: Examples, receiptSchema: z.ZodType = ZPurchaseResponse) => ({
  description:
    'Either `PURCHASE_FAILED` (the supplier refused; refunded in this answer, with the receipt) or a request error such as `VALIDATION_ERROR` or `INSUFFICIENT_BALANCE` (nothing was charged)',
  schema: z.union([receiptSchema, ZApiError]),
  examples: { ...failed, ...purchaseErrorExamples },
});
