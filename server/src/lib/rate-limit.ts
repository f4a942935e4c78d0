import type { Db } from '../db/client.ts';
import { deleteRateLimit, upsertRateLimitHit } from './rate-limit.repository.ts';
import { AppError } from './app-error.ts';

/** Where a key stands in its current window after one more hit. */
export type RateLimitState = {
  limit: number;
  /** Hits left in this window (0 once the limit is reached or passed). */
  remaining: number;
  /** Whole seconds until the window ends and the count starts again (at least 1). */
  resetSeconds: number;
  windowSeconds: number;
  /** This hit is over the limit. */
  exceeded: boolean;
};

/**
 * Counts one hit in a fixed-window counter in the database (one upsert), so a limit holds
 * across processes; answers the count's state in the window.
 */
export const countRateLimit = async (
  db: Db,
  { key, limit, windowSeconds }: { key: string; limit: number; windowSeconds: number },
): Promise<RateLimitState> => {
  const rows = await upsertRateLimitHit(db, { key, windowSeconds });
  const count = Number(rows[0]?.count ?? 0);
  const resetSeconds = Math.min(
    windowSeconds,
    Math.max(1, Math.ceil(Number(rows[0]?.reset_seconds ?? windowSeconds))),
  );
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds,
    windowSeconds,
    exceeded: count > limit,
  };
};

/**
 * Fixed-window counter in the database (one upsert), so a limit holds across processes.
 * Throws RATE_LIMITED once `limit` hits have been counted in the current window.
 */
export const hitRateLimit = async (
  db: Db,
  options: { key: string; limit: number; windowSeconds: number },
): Promise<void> => {
  const state = await countRateLimit(db, options);
  if (state.exceeded) {
    throw new AppError('RATE_LIMITED', {
      msg: 'Too many attempts. Please wait a few minutes and try again.',
      retryAfterSeconds: state.resetSeconds,
    });
  }
};

/** Forgets a key's count (e.g. after a successful login). */
export const clearRateLimit = async (db: Db, key: string): Promise<void> => {
  await deleteRateLimit(db, key);
};
