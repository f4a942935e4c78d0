import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';
import { MAX_JSON_DEPTH } from '../lib/json-depth.ts';

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  // Bodies deeper than MAX_JSON_DEPTH were refused before this runs.
  if (depth > MAX_JSON_DEPTH || !value || typeof value !== 'object') return false;
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
