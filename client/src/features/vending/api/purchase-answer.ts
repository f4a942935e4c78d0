import type {
  TPriceChangedError,
  TPurchaseResponse,
} from '@vendo/shared/schemas/purchase.responses';
import { isQueryError } from '@/lib/api-error';
import { isUncertainMove } from '@/lib/api-error';

/**
 * What the three purchase calls answer (shared ZPurchaseResponse): 200 (success), 202 (pending)
 * and 400 PURCHASE_FAILED (refunded) all carry the receipt and the wallet balance after it. The
 * calls invalidate the wallet and the transactions, so every screen that shows them asks again.
 */

/** A purchase call: the body, and the Idempotency-Key that makes a retry safe. */
export type TPurchaseArg<TBody> = { body: TBody; idempotencyKey: string };

/** What a failed data or airtime purchase says when the server gave no message. */
export const PURCHASE_FALLBACK_ERROR =
  'An error occur. kindly confirm your balance before retrying the transaction';

export const PURCHASE_LOADING_TEXT = 'Processing your purchase...';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The answer in a body, when it has a receipt (success, pending or refunded). */
export const purchaseAnswerOf = (body: unknown): TPurchaseResponse | null =>
  isObject(body) &&
  isObject(body.receipt) &&
  typeof body.receipt._id === 'string' &&
  typeof body.balance === 'number'
    ? (body as TPurchaseResponse)
    : null;

/** The answer a failed call carried, if any (see `withErrorBody`). */
export const purchaseAnswerOfError = (error: unknown): TPurchaseResponse | null =>
  isQueryError(error) ? purchaseAnswerOf(error.body) : null;

/**
 * No answer, a server error, or 409 (the first request with this key is still running): the
 * purchase may or may not have happened. Retrying with the same Idempotency-Key is safe, so the
 * form keeps the key and offers to try again.
 */
export const isUncertainFailure = isUncertainMove;

/**
 * 409 PRICE_CHANGED: the charge the buyer confirmed (the `expectedAmount` sent) is not the
 * charge now, and nothing was bought. The screen shows the server's message and the new charge
 * and asks again; confirming is a new purchase (a new Idempotency-Key).
 */
export const priceChangeOf = (error: unknown): TPriceChangedError | null =>
  isQueryError(error) &&
  error.code === 'PRICE_CHANGED' &&
  isObject(error.body) &&
  typeof error.body.currentAmount === 'number' &&
  typeof error.body.msg === 'string'
    ? (error.body as TPriceChangedError)
    : null;
