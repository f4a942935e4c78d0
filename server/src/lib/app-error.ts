import { ERROR_STATUS, type ErrorCode } from '@vendo/shared/errors';

/**
 * An error the API answers with `{ msg, code }` and the code's HTTP status; `details` are more
 * fields of the same body, for a client to act on (e.g. the current price).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    { msg, details }: { msg: string; details?: Record<string, unknown> },
  ) {
    super(msg);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
