/** What every failed call resolves to: the server's `{ msg, code }` plus the HTTP status. */
export type TQueryError = {
  /** HTTP status, or null when no answer arrived (network down, aborted). */
  status: number | null;
  /** The server's message for people, when it sent one. */
  msg: string | null;
  code: string | null;
  /** The whole answer body, only for calls that ask for it (`withErrorBody`). */
  body?: unknown;
};

export const GENERIC_ERROR = 'Something went wrong';

export const isQueryError = (value: unknown): value is TQueryError =>
  typeof value === 'object' &&
  value !== null &&
  'status' in value &&
  'msg' in value &&
  'code' in value;

/**
 * The text an error toast shows: the server's msg, else the caller's fallback
 * (docs/product-rules.md#messages).
 */
export const errorMessage = (error: unknown, fallback = GENERIC_ERROR): string =>
  isQueryError(error) && error.msg ? error.msg : fallback;

/**
 * Whether a money-moving call may have happened or may still be happening, so a retry must
 * resend the same Idempotency-Key: no answer, a server error, or 409 (the server is still
 * running the first request with this key). Any other answer is definite: the next attempt is
 * new. 409 PRICE_CHANGED is definite too: nothing was bought, and the buyer must confirm anew.
 */
export const isUncertainMove = (error: unknown): boolean =>
  !isQueryError(error) ||
  error.status === null ||
  error.status >= 500 ||
  (error.status === 409 && error.code !== 'PRICE_CHANGED');
