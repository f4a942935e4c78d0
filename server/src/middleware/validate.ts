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
