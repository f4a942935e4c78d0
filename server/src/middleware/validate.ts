import { firstIssueMessage } from '@vendo/shared/schemas/auth';
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.ts';

/**
 * Parses req.body with a shared zod schema; unknown fields are dropped (so balance, userType or
 * role flags sent by a caller are never written). Failure is a 400 with the schema's message.
 */
export const validateBody =
  <S extends z.ZodType>(schema: S): RequestHandler =>
  (req, _res, next) => {
    const parsed = schema.safeParse(req.body ?? {});
    if (!parsed.success) {
      throw new AppError('VALIDATION_ERROR', { msg: firstIssueMessage(parsed.error) });
    }
    req.body = parsed.data;
    next();
  };

/** Parses a query or route parameters with a shared zod schema; failure is a 400 with its message. */
export const parseInput = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('VALIDATION_ERROR', { msg: firstIssueMessage(parsed.error) });
  }
  return parsed.data;
};
