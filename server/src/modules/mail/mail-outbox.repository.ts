import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** Stores an outbox row naming the user and the kind of mail. */
export const insertOutboxMail = async (
  db: DbOrTx,
  row: { userId: string | null; kind: string; status: 'queued' | 'discarded' },
): Promise<void> => {
  await db.insert(mailOutbox).values(row);
};

/** Settles a claimed row: its status, its error, and when it was sent. */
export const finishOutboxMail = async (
  db: DbOrTx,
  id: number,
  status: 'sent' | 'failed' | 'discarded',
  error: string | null,
): Promise<void> => {
  await db.execute(sql`update ${mailOutbox} set status = ${status}, error = ${error},
      claimed_until = null, sent_at = case when ${status} = 'sent' then now() end
    where id = ${id}`);
};

/** Puts a claimed row back in the queue, or fails it once it has had `maxAttempts` tries. */
export const requeueOutboxMail = async (
  db: DbOrTx,
  id: number,
  maxAttempts: number,
): Promise<void> => {
  await db.execute(sql`update ${mailOutbox} set claimed_until = null,
        status = case when attempts >= ${maxAttempts} then 'failed' else 'queued' end,
        error = case when attempts >= ${maxAttempts} then 'the mail server was unavailable' end
      where id = ${id}`);
};

/** Fails rows whose lease ran out while sending after `maxAttempts` tries. */
export const failAbandonedOutboxMail = async (db: DbOrTx, maxAttempts: number): Promise<void> => {
  await db.execute(sql`update ${mailOutbox} set status = 'failed', claimed_until = null,
      error = 'abandoned while sending'
    where status = 'sending' and claimed_until < now() and attempts >= ${maxAttempts}`);
};

/**
 * Claims up to `limit` rows to send, oldest first (queued ones, and ones whose sending lease ran
 * out), leasing them for `leaseSeconds` and counting the attempt. FOR UPDATE SKIP LOCKED: every
 * process may claim side by side.
 */
export const claimOutboxMail = (
  db: DbOrTx,
  { leaseSeconds, limit }: { leaseSeconds: number; limit: number },
) =>
  queryRows<{ id: number | string; user_id: string; kind: string }>(
    db,
    sql`update ${mailOutbox} set status = 'sending',
        claimed_until = now() + make_interval(secs => ${leaseSeconds}),
        attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where status = 'queued' or (status = 'sending' and claimed_until < now())
        order by id limit ${limit} for update skip locked)
      returning id, user_id, kind`,
  );

/** Deletes up to `limit` finished rows older than `keepDays`; answers how many went. */
export const deleteFinishedOutboxMail = async (
  db: DbOrTx,
  { keepDays, limit }: { keepDays: number; limit: number },
): Promise<number> => {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${mailOutbox} where id in (
      select id from ${mailOutbox}
      where status in ('sent', 'failed', 'discarded')
        and created_at < now() - make_interval(days => ${keepDays})
      limit ${limit})
      returning id`,
  );
  return rows.length;
};
