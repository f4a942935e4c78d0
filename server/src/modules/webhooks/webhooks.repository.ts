import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { rowFromRaw } from '../../db/rows.ts';
import { transactions, users, webhookDeliveries, webhookEvents } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A user's webhook URL and (sealed) signing secret. */
export const findWebhookSettings = async (
  db: DbOrTx,
  userId: string,
): Promise<{ webhookUrl: string | null; secretHint: string | null }> => {
  const [row] = await db
    .select({ webhookUrl: users.webhookUrl, secretHint: users.webhookSecretHint })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { webhookUrl: null, secretHint: null };
};

/**
 * Sets (or with null clears) a user's webhook URL. `secretIfNone` becomes their signing secret
 * only when they have none yet, decided in the same statement; answers whether it did.
 */
export const saveWebhookUrl = async (
  db: DbOrTx,
  userId: string,
  webhookUrl: string | null,
  secretIfNone: { sealed: string; hint: string },
): Promise<{ secretCreated: boolean; secretHint: string | null }> => {
  const [row] = await queryRows<{ created: boolean; hint: string | null }>(
    db,
    sql`update users u set webhook_url = ${webhookUrl},
          webhook_secret_encrypted = case when ${webhookUrl}::text is null then u.webhook_secret_encrypted
            else coalesce(u.webhook_secret_encrypted, ${secretIfNone.sealed}) end,
          webhook_secret_hint = case when ${webhookUrl}::text is null then u.webhook_secret_hint
            else coalesce(u.webhook_secret_hint, ${secretIfNone.hint}) end
        where u.id = ${userId}::uuid
        -- The sealed value is unique (random IV): equal means this statement stored it.
        returning u.webhook_secret_encrypted is not distinct from ${secretIfNone.sealed} as created,
          u.webhook_secret_hint as hint`,
  );
  return { secretCreated: row?.created ?? false, secretHint: row?.hint ?? null };
};

/** Replaces a user's signing secret (the old one stops signing at once). */
export const saveWebhookSecret = async (
  db: DbOrTx,
  userId: string,
  secret: { sealed: string; hint: string },
): Promise<void> => {
  await db
    .update(users)
    .set({ webhookSecretEncrypted: secret.sealed, webhookSecretHint: secret.hint })
    .where(eq(users.id, userId));
};

/** An event a worker holds, with what sending it needs. */
export type ClaimedWebhookEvent = WebhookEventRow & {
  userName: string;
  webhookUrl: string | null;
  sealedSecret: string | null;
};

/** One finished attempt, as the worker logs it. */
export type WebhookAttempt = {
  eventId: string;
  attempt: number;
  url: string;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  delivered: boolean;
  /** The wait before the next attempt, if this one did not deliver. */
  retryDelayMs: number;
};

/**
 * The CTEs that log attempts and move their events on: delivered on a 2xx; otherwise due again
 * after its `retryDelayMs`, or failed when that would be past the retry window. An event moves
 * only while the attempt is still its latest claim (a worker whose lease ran out and was
 * overtaken just logs its attempt). `r` names the attempts, for a claim in the same statement.
 */
const attemptCtes = (attempts: WebhookAttempt[], retryWindowSeconds: number): SQL => {
  const rows = JSON.stringify(
    attempts.map((a) => ({
      event_id: a.eventId,
      attempt: a.attempt,
      url: a.url,
      attempted_at: a.attemptedAt.toISOString(),
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
      delivered: a.delivered,
      retry_seconds: a.retryDelayMs / 1000,
    })),
  );
  return sql`
    r as (
      select * from jsonb_to_recordset(${rows}::jsonb) as r(event_id uuid, attempt int, url text,
        attempted_at timestamptz, status_code int, error text, duration_ms int, delivered boolean,
        retry_seconds float8)),
    logged as (
      insert into webhook_deliveries
        (event_id, attempt, url, attempted_at, status_code, error, duration_ms)
      select event_id, attempt, url, attempted_at, status_code, error, duration_ms from r),
    finished as (
      update webhook_events e
      set status = case when r.delivered then 'delivered'
            when now() + make_interval(secs => r.retry_seconds)
              > e.created_at + make_interval(secs => ${retryWindowSeconds}) then 'failed'
            else 'pending' end,
          next_attempt_at = case when r.delivered then null
            when now() + make_interval(secs => r.retry_seconds)
              > e.created_at + make_interval(secs => ${retryWindowSeconds}) then null
            else now() + make_interval(secs => r.retry_seconds) end,
          claimed_until = null,
          last_status_code = r.status_code,
          last_error = r.error,
          delivered_at = case when r.delivered then now() else e.delivered_at end
      from r
      where e.id = r.event_id and e.attempts = r.attempt)`;
};

/**
 * Logs attempts and moves their events on (attemptCtes), in one statement: together, or not at
 * all.
 */
export const recordWebhookAttempts = async (
  db: DbOrTx,
  attempts: WebhookAttempt[],
  { retryWindowSeconds }: { retryWindowSeconds: number },
): Promise<void> => {
  if (attempts.length === 0) return;
  await db.execute(sql`with ${attemptCtes(attempts, retryWindowSeconds)} select 1`);
};

/**
 * Claims up to `limit` due events for this worker: each gets its next attempt number and a lease
 * (`claimed_until`) during which no other worker takes it. FOR UPDATE SKIP LOCKED: any number of
 * processes can claim side by side, and never the same event at the same time. `finishing`
 * attempts, if any, are logged in the same statement (as recordWebhookAttempts does): one round
 * trip and one commit for the last batch's outcomes and the next batch. An event among them is
 * not claimed again here (a row changes once per statement) even if its lease ran out: that
 * claim then comes back short, and the event is claimed by a later one.
 */
export const claimDueWebhookEvents = async (
  db: DbOrTx,
  {
    limit,
    leaseSeconds,
    finishing,
  }: {
    limit: number;
    leaseSeconds: number;
    finishing?: { attempts: WebhookAttempt[]; retryWindowSeconds: number };
  },
): Promise<ClaimedWebhookEvent[]> => {
  const logged = finishing !== undefined && finishing.attempts.length > 0;
  const rows = await queryRows<
    Record<string, unknown> & {
      claimed_user_name: string;
      claimed_webhook_url: string | null;
      claimed_secret: string | null;
    }
  >(
    db,
    sql`with ${logged ? sql`${attemptCtes(finishing.attempts, finishing.retryWindowSeconds)},` : sql``}
        due as (
          select id from webhook_events
          where status = 'pending' and next_attempt_at <= now()
            and (claimed_until is null or claimed_until <= now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
        update webhook_events e
        set attempts = e.attempts + 1,
            claimed_until = now() + make_interval(secs => ${leaseSeconds})
        from due, users u
        where e.id = due.id and u.id = e.user_id
          ${logged ? sql`and not exists (select 1 from r where r.event_id = e.id)` : sql``}
        returning e.*, u.user_name as claimed_user_name, u.webhook_url as claimed_webhook_url,
          u.webhook_secret_encrypted as claimed_secret`,
  );
  return rows.map((raw) => ({
    ...rowFromRaw(webhookEvents, raw),
    userName: raw.claimed_user_name,
    webhookUrl: raw.claimed_webhook_url,
    sealedSecret: raw.claimed_secret,
  }));
};

/** A page of a user's events, newest first, and how many they have. */
export const listWebhookEvents = async (
  db: DbOrTx,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ events: WebhookEventRow[]; total: number }> => {
  const [events, [counted]] = await Promise.all([
    db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.userId, userId))
      .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.userId, userId)),
  ]);
  return { events, total: counted?.n ?? 0 };
};

/** Every attempt of these events, newest first. */
export const listWebhookDeliveries = async (
  db: DbOrTx,
  eventIds: string[],
): Promise<WebhookDeliveryRow[]> =>
  eventIds.length === 0
    ? []
    : db
        .select()
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.eventId, eventIds))
        .orderBy(desc(webhookDeliveries.attempt));

/**
 * Makes a user's own event due now (pending again, whatever its state), or null when the id is
 * not one of their events. An event a worker holds right now stays with it until its lease ends.
 */
export const requeueWebhookEvent = async (
  db: DbOrTx,
  { userId, eventId }: { userId: string; eventId: string },
): Promise<WebhookEventRow | null> => {
  if (!isUuid(eventId)) return null;
  const [row] = await db
    .update(webhookEvents)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.userId, userId)))
    .returning();
  return row ?? null;
};

/**
 * Deletes up to `limit` finished events (delivered, or failed for good) created more than
 * `keepDays` ago, with their logged attempts, in one statement; answers how many. A pending event
 * (due, held by a worker, or resent) is never deleted, however old. Rows a request is changing
 * right now (a resend) are skipped until the next pass.
 */
export const pruneWebhookEvents = async (
  db: DbOrTx,
  { keepDays, limit }: { keepDays: number; limit: number },
): Promise<number> => {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with old as (
          select id from webhook_events
          where status <> 'pending' and created_at < now() - make_interval(days => ${keepDays})
          order by created_at
          limit ${limit}
          for update skip locked),
        attempts as (delete from webhook_deliveries d using old where d.event_id = old.id)
        delete from webhook_events e using old where e.id = old.id
        returning e.id`,
  );
  return rows.length;
};

/** The transaction row kept in an event's snapshot (raw column names, as the trigger wrote it). */
export const transactionFromSnapshot = (snapshot: Record<string, unknown>): TransactionRow =>
  rowFromRaw(transactions, snapshot);

/** A page of users holding a sealed webhook secret, in id order after `afterUserId`. */
export const listSealedWebhookSecrets = (
  db: Db,
  afterUserId: string,
  limit: number,
): Promise<{ id: string; sealed: string }[]> =>
  queryRows<{ id: string; sealed: string }>(
    db,
    sql`select id, webhook_secret_encrypted as sealed from users
        where webhook_secret_encrypted is not null and id > ${afterUserId}::uuid
        order by id limit ${limit}`,
  );

/** Replaces a sealed secret only if it is still `from` (a new secret made meanwhile wins). */
export const replaceSealedWebhookSecret = async (
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ webhookSecretEncrypted: to })
    .where(and(eq(users.id, userId), eq(users.webhookSecretEncrypted, from)))
    .returning({ id: users.id });
  return rows.length === 1;
};
