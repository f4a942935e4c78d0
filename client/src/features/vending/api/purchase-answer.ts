import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { isQueryError } from '@/lib/api-error';
import { purchaseAnswered } from '@/lib/api-events';

/**
 * What the three purchase calls answer: 200 (success), 202 (pending) and 400 PURCHASE_FAILED
 * (refunded) all carry the receipt and the wallet balance after it.
 */
export type TPurchaseAnswer = {
  msg: string;
  code?: string;
  receipt: TTransaction;
  balance: number;
};

export type TElectricityAnswer = TPurchaseAnswer & {
  token: string | null;
  meterNumber: string;
  customerName: string;
};

/** A purchase call: the body, and the Idempotency-Key that makes a retry safe. */
export type TPurchaseArg<TBody> = { body: TBody; idempotencyKey: string };

/** Spec §8: what a failed data or airtime purchase says when the server gave no message. */
export const PURCHASE_FALLBACK_ERROR =
  'An error occur. kindly confirm your balance before retrying the transaction';

export const PURCHASE_LOADING_TEXT = 'Processing your purchase...';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The answer in a body, when it has a receipt (success, pending or refunded). */
export const purchaseAnswerOf = (body: unknown): TPurchaseAnswer | null =>
  isObject(body) &&
  isObject(body.receipt) &&
  typeof body.receipt._id === 'string' &&
  typeof body.balance === 'number'
    ? (body as TPurchaseAnswer)
    : null;

/** The answer a failed call carried, if any (see `withErrorBody`). */
export const purchaseAnswerOfError = (error: unknown): TPurchaseAnswer | null =>
  isQueryError(error) ? purchaseAnswerOf(error.body) : null;

/**
 * onQueryStarted of the purchase calls. Every answer with a balance sets the wallet to it (so
 * a refund shows at once), and a receipt goes first in the transactions (spec §4).
 */
export const recordPurchaseAnswer = async (
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: Dispatch<UnknownAction>; queryFulfilled: Promise<{ data: unknown }> },
): Promise<void> => {
  let body: unknown;
  try {
    body = (await queryFulfilled).data;
  } catch (rejection) {
    body = isObject(rejection) && isQueryError(rejection.error) ? rejection.error.body : undefined;
  }
  if (!isObject(body) || typeof body.balance !== 'number') return;
  dispatch(
    purchaseAnswered({ balance: body.balance, receipt: purchaseAnswerOf(body)?.receipt ?? null }),
  );
};

/**
 * No answer, or a server error: the purchase may or may not have happened. Retrying with the
 * same Idempotency-Key is safe, so the form keeps the key and offers to try again.
 */
export const isUncertainFailure = (error: unknown): boolean =>
  !isQueryError(error) || error.status === null || error.status >= 500;
