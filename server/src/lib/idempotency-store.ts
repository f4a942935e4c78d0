import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

/**
 * The table behind idempotent() (middleware/idempotency.ts): one row per user and key, claimed
 * before the handler runs and given its answer after. Each call is its own short statement.
 */

type KeyRef = { userId: string; key: string };

/**
 * Claims a key for a new request, in one statement: a new row, or one whose retention has run
 * out (taken over as new). Answers false when a live row already holds the key.
 */
export const claimIdempotencyKey = async (
  db: DbOrTx,
  {
    userId,
    key,
    route,
    requestHash,
    keepHours,
  }: KeyRef & { route: string; requestHash: string; keepHours: number },
): Promise<boolean> => {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`insert into idempotency_keys (user_id, key, route, request_hash)
      values (${userId}::uuid, ${key}, ${route}, ${requestHash})
      on conflict (user_id, key) do update set route = excluded.route,
        request_hash = excluded.request_hash, response_status = null, response_body = null,
        created_at = now(), completed_at = null
      where idempotency_keys.created_at < now() - make_interval(hours => ${keepHours})
      returning key`,
  );
  return rows.length > 0;
};

/** The key's row: its request's fingerprint and, once answered, the stored answer. */
export const findIdempotencyKey = async (db: DbOrTx, { userId, key }: KeyRef) => {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
};

/** Keeps the final answer of the request that claimed the key. */
export const storeIdempotentAnswer = async (
  db: DbOrTx,
  { userId, key, status, body }: KeyRef & { status: number; body: unknown },
): Promise<void> => {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body ?? null, completedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
};

/** Frees a key whose request ended without a final answer (a 5xx), so a retry may run. */
export const releaseIdempotencyKey = async (db: DbOrTx, { userId, key }: KeyRef): Promise<void> => {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
};

/**
 * Deletes up to `limit` keys older than `keepHours` (the background loop calls it every pass);
 * answers how many went.
 */
export const deleteExpiredIdempotencyKeys = async (
  db: DbOrTx,
  { keepHours, limit }: { keepHours: number; limit: number },
): Promise<number> => {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from idempotency_keys where (user_id, key) in (
        select user_id, key from idempotency_keys
        where created_at < now() - make_interval(hours => ${keepHours})
        order by created_at limit ${limit})
      returning key`,
  );
  return rows.length;
};
