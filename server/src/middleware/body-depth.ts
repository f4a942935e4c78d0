import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';
import { nestsDeeperThan } from '../lib/json-depth.ts';

/**
 * Refuses a JSON body nested deeper than MAX_JSON_DEPTH with a 400, right after it is parsed
 * and before any route (the idempotency fingerprint, zod) walks it recursively.
 */
export const rejectDeepBodies: RequestHandler = (req, _res, next) => {
  if (nestsDeeperThan(req.body)) {
    throw new AppError('VALIDATION_ERROR', { msg: 'The request body is nested too deeply' });
  }
  next();
};
