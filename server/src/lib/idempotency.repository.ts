import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

/**
 * The table behind idempotent() (middleware/idempotency.ts): one row per user and key, claimed
 * before the handler runs and given its answer after. Each call is its own short statement.
 */

type KeyRef = { userId: string; key: string };

/** One request's hold on a key: the claim id fences it against a retry that took it over. */
export type KeyClaim = KeyRef & { claimId: string };

/**
 * Claims a key for a new request, in one statement, and answers the claim (null when a live row
 * holds the key). Besides a new key it takes over:
 * - a key whose retention has run out (a new request with an old key);
 * - a key left in progress by a request that was cut off (a killed process, a database outage
 *   that kept it from freeing its key) at least `staleSeconds` ago, for the same request, when
 *   none of that request's transactions committed (`acted_at` is null): nothing of it happened,
 *   so the retry runs it. The old request, should it still be alive, can commit nothing more
 *   (markActed refuses its claim).
 */
export const claimIdempotencyKey = async (
  db: DbOrTx,
  {
    userId,
    key,
    route,
    requestHash,
    keepHours,
    staleSeconds,
  }: KeyRef & { route: string; requestHash: string; keepHours: number; staleSeconds: number },
): Promise<KeyClaim | null> => {
  const rows = await queryRows<{ claim_id: string }>(
    db,
    sql`insert into idempotency_keys (user_id, key, route, request_hash)
      values (${userId}::uuid, ${key}, ${route}, ${requestHash})
      on conflict (user_id, key) do update set route = excluded.route,
        request_hash = excluded.request_hash, response_status = null, response_body = null,
        created_at = now(), completed_at = null, claim_id = gen_random_uuid(), acted_at = null
      where idempotency_keys.created_at < now() - make_interval(hours => ${keepHours})
        or (idempotency_keys.response_status is null and idempotency_keys.acted_at is null
          and idempotency_keys.request_hash = excluded.request_hash
          and idempotency_keys.created_at < now() - make_interval(secs => ${staleSeconds}))
      returning claim_id`,
  );
  return rows[0] ? { userId, key, claimId: rows[0].claim_id } : null;
};

/**
 * Records, inside a transaction of the request, that it acts: committed with that transaction,
 * the request is never run again for its key. Refuses (CONFLICT, rolling the transaction back)
 * when a retry has taken the key over in the meantime.
 */
export const markActed = async (tx: DbOrTx, claim: KeyClaim): Promise<void> => {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`update idempotency_keys set acted_at = coalesce(acted_at, now())
      where user_id = ${claim.userId}::uuid and key = ${claim.key}
        and claim_id = ${claim.claimId}::uuid and response_status is null
      returning key`,
  );
  if (rows.length === 0) {
    throw new AppError('CONFLICT', {
      msg: 'A retry with this Idempotency-Key took over this request; it was not carried out',
    });
  }
};

/**
 * The key's row: its request's fingerprint, once answered the stored answer, whether it acted,
 * and whether it was claimed more than `staleSeconds` ago (a request still unanswered then was
 * cut off: none runs that long).
 */
export const findIdempotencyKey = async (
  db: DbOrTx,
  { userId, key, staleSeconds }: KeyRef & { staleSeconds: number },
) => {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      responseStatus: idempotencyKeys.responseStatus,
      responseBody: idempotencyKeys.responseBody,
      actedAt: idempotencyKeys.actedAt,
      stale: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${staleSeconds})`,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
};

/** Keeps the final answer of the request that claimed the key (while its claim holds). */
export const storeIdempotentAnswer = async (
  db: DbOrTx,
  { userId, key, claimId, status, body }: KeyClaim & { status: number; body: unknown },
): Promise<void> => {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body ?? null, completedAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.claimId, claimId),
      ),
    );
};

/**
 * Frees a key whose request ended without a final answer (a 5xx) or was refused before it ran,
 * so a retry may run; unless one of its transactions committed: then running it again could
 * act twice, and the key stays held (a retry is told it was carried out).
 */
export const releaseIdempotencyKey = async (
  db: DbOrTx,
  { userId, key, claimId }: KeyClaim,
): Promise<void> => {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.claimId, claimId),
        isNull(idempotencyKeys.actedAt),
      ),
    );
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
