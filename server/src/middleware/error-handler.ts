import type { ErrorRequestHandler } from 'express';
import {
  isCallerValueError,
  isDatabaseUnavailable,
  isTransientConflict,
  pgErrorOf,
} from '../db/pg-error.ts';
import { isAppError } from '../lib/app-error.ts';
import type { Logger } from '../lib/logger.ts';

/** Seconds a client should wait before retrying a 503 (a restart usually takes a few). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The one place errors become responses: AppError → its status and `{ msg, code }` (plus its
 * details); body-parser errors → 400/413; a path that does not decode, or a value PostgreSQL
 * refuses as data of its column's type (input validation missed it) → 400; the database out of
 * reach, or a conflict that survived every retry → 503 with Retry-After; anything else → 500
 * with a generic message, logged with stack and request id.
 */
export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, next) => {
    // Part of the answer is out (a streamed CSV): Express's own handler ends the connection.
    if (res.headersSent) {
      next(error);
      return;
    }
    if (isAppError(error)) {
      if (error.retryAfterSeconds !== undefined) {
        res.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      res.status(error.status).json({ ...error.details, msg: error.message, code: error.code });
      return;
    }
    const type = (error as { type?: string }).type;
    if (type === 'entity.parse.failed') {
      res.status(400).json({ msg: 'The request body is not valid JSON', code: 'VALIDATION_ERROR' });
      return;
    }
    if (type === 'entity.too.large') {
      res.status(413).json({ msg: 'The request body is too large', code: 'VALIDATION_ERROR' });
      return;
    }
    // Other body-parser refusals (unsupported charset or encoding, a corrupt gzip body …) are
    // the caller's fault: answer their 4xx, not a 500.
    const status = (error as { status?: unknown }).status;
    if (
      (error as { expose?: unknown }).expose === true &&
      typeof status === 'number' &&
      status >= 400 &&
      status < 500
    ) {
      res
        .status(status)
        .json({ msg: 'The request body could not be read', code: 'VALIDATION_ERROR' });
      return;
    }
    // A path parameter that is no percent-encoded UTF-8 (`/users/%ff`): the router's decode.
    if (error instanceof URIError && status === 400) {
      res.status(400).json({ msg: 'The request address is not valid', code: 'VALIDATION_ERROR' });
      return;
    }
    if (isCallerValueError(error)) {
      // PostgreSQL's own message (not the wrapper's, which lists the query's parameters).
      const pgError = pgErrorOf(error);
      logger.warn('value refused by the database', {
        requestId: req.id,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        sqlstate: pgError?.code,
        error: pgError?.message,
      });
      res
        .status(400)
        .json({ msg: 'The request has a value in the wrong format', code: 'VALIDATION_ERROR' });
      return;
    }
    if (isDatabaseUnavailable(error) || isTransientConflict(error)) {
      logger.warn('database unavailable', {
        requestId: req.id,
        error: error instanceof Error ? error.message : String(error),
      });
      res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).json({
        msg: 'The service is briefly unavailable. Please try again in a few seconds.',
        code: 'SERVICE_UNAVAILABLE',
      });
      return;
    }
    logger.error('unhandled error', {
      requestId: req.id,
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    res.status(500).json({ msg: 'Something went wrong', code: 'INTERNAL' });
  };
