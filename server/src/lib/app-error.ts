import { ERROR_STATUS, type ErrorCode } from '@vendo/shared/errors';

/**
 * An error the API answers with `{ msg, code }` and the code's HTTP status; `details` are more
 * fields of the same body, for a client to act on (e.g. the current price); `retryAfterSeconds`
 * becomes a Retry-After header (a 429's wait).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    {
      msg,
      details,
      retryAfterSeconds,
    }: { msg: string; details?: Record<string, unknown>; retryAfterSeconds?: number },
  ) {
    super(msg);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
