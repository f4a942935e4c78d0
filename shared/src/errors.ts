/**
 * Error codes the API answers with, as `{ msg, code }`. Each code maps to one HTTP status.
 * Clients branch on `code`; `msg` is for people.
 */
export const ERROR_STATUS = {
  /** The request body, query or params failed validation. */
  VALIDATION_ERROR: 400,
  /** A field the caller may not set was sent (balance, role flags …). */
  FORBIDDEN_FIELD: 400,
  /** No valid token, or the token was revoked or expired. */
  UNAUTHENTICATED: 401,
  /** Wrong login name or password; kept vague so accounts cannot be enumerated. */
  INVALID_CREDENTIALS: 401,
  /** Authenticated, but the role does not allow this route. */
  FORBIDDEN: 403,
  /** The record does not exist or belongs to someone else (never tell which). */
  NOT_FOUND: 404,
  /** A unique value (user name, e-mail, phone …) is taken. */
  CONFLICT: 409,
  /**
   * A purchase sent the charge its buyer confirmed (`expectedAmount`) and the charge is now
   * different (an admin changed the price): nothing was bought. The body carries the current
   * charge (`currentAmount`); ask the buyer again and resend with it under a new Idempotency-Key.
   * A code of its own, not CONFLICT: a client must tell "confirm the new price" from "a request
   * with this key is in progress", where the right move is to resend the same request.
   */
  PRICE_CHANGED: 409,
  /** The same Idempotency-Key was reused with a different body. */
  IDEMPOTENCY_MISMATCH: 422,
  /** The wallet cannot cover the debit; nothing was written. */
  INSUFFICIENT_BALANCE: 400,
  /** A journal's postings do not sum to zero; a programming error, never written. */
  UNBALANCED_JOURNAL: 500,
  /** A reset token is unknown, used or expired. */
  INVALID_RESET_TOKEN: 400,
  /** The service (airtime, data, electricity) is locked by an admin. */
  SERVICE_LOCKED: 403,
  /** The supplier definitely refused the purchase; the wallet was refunded in the same answer. */
  PURCHASE_FAILED: 400,
  /** Too many attempts in the window; try again later. */
  RATE_LIMITED: 429,
  /** An upstream provider failed in a way the caller should know about. */
  PROVIDER_ERROR: 502,
  /** Anything unexpected; details are only in the server log. */
  INTERNAL: 500,
  /**
   * The database is briefly out of reach (a restart, a fail-over) or the server is shutting
   * down: nothing was done, or what was done is findable; retry after Retry-After seconds.
   */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The error body of every failed call is ZApiError in schemas/common.ts. */
