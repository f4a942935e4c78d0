import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { AppError } from './app-error.ts';

/**
 * Fixed-window counter in the database (one upsert), so a limit holds across processes.
 * Throws RATE_LIMITED once `limit` hits have been counted in the current window.
 */
export const hitRateLimit = async (
  db: Db,
  { key, limit, windowSeconds }: { key: string; limit: number; windowSeconds: number },
): Promise<void> => {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count`,
  );
  if (Number(rows[0]?.count ?? 0) > limit) {
    throw new AppError('RATE_LIMITED', {
      msg: 'Too many attempts. Please wait a few minutes and try again.',
    });
  }
};

/** Forgets a key's count (e.g. after a successful login). */
export const clearRateLimit = async (db: Db, key: string): Promise<void> => {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
};
