import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';

/**
 * Counts one hit on `key` in its fixed window (one upsert: a window that has run out starts
 * again at 1); answers the count and the seconds left in the window as the database gives them.
 */
export const upsertRateLimitHit = async (
  db: Db,
  { key, windowSeconds }: { key: string; windowSeconds: number },
) =>
  queryRows<{ count: number; reset_seconds: number | string }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count,
      extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) as reset_seconds`,
  );

/** Deletes a key's counter. */
export const deleteRateLimit = async (db: Db, key: string): Promise<void> => {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
};
