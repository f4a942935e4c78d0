import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || !value || typeof value !== 'object') return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key], depth + 1)) {
      return true;
    }
  }
  return false;
};

/**
 * PostgreSQL text cannot hold a NUL byte (it errors, which would be a 500): refuse any request
 * carrying one in its path, query or body with a 400 instead.
 */
export const rejectNulBytes: RequestHandler = (req, _res, next) => {
  if (/%00/.test(req.originalUrl) || hasNul(req.query) || hasNul(req.body)) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'The request contains characters that are not allowed',
    });
  }
  next();
};
