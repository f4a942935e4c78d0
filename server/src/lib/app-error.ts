import { ERROR_STATUS, type ErrorCode } from '@vendo/shared/errors';

/** An error the API answers with `{ msg, code }` and the code's HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, { msg }: { msg: string }) {
    super(msg);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
