import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/pg-error.ts';
import { isMailServerUnavailable, type Mail } from '../../lib/mailer.ts';
import {
  claimOutboxMail,
  deleteFinishedOutboxMail,
  failAbandonedOutboxMail,
  finishOutboxMail,
  insertOutboxMail,
  requeueOutboxMail,
} from './mail-outbox.repository.ts';

/**
 * Mail a request leaves to the background (decision 0028): the request inserts a row naming the
 * user and the kind of mail, nothing more; the sending (composing the mail, an SMTP conversation
 * or the sandbox mailbox) happens after the answer, kicked by the route and by the mail loop
 * (jobs/background-jobs.ts), in whichever process claims the row first (SKIP LOCKED).
 */

/**
 * Composes a row's mail when it is sent (a reset link is issued then); null when there is
 * nothing to send any more (the user is gone).
 */
export type MailComposer = (ctx: AppContext, userId: string) => Promise<Mail | null>;
export type MailComposers = Record<string, MailComposer>;

/** How long a claimed row belongs to its worker; past it, another sends it again. */
const LEASE_SECONDS = 120;
/** Tries before a mail is given up (a mail server away counts: it may stay away for long). */
const MAX_ATTEMPTS = 8;
/** Sent, failed and discarded rows are kept this long (for support), then deleted. */
const KEEP_DAYS = 7;

/**
 * Queues a mail of `kind` for `userId`; with no user, the same row written `discarded` (a request
 * that must do the same work whether or not it found someone).
 */
export const queueOutboxMail = async (
  db: DbOrTx,
  { userId, kind }: { userId: string | null; kind: string },
): Promise<void> => {
  await insertOutboxMail(db, { userId, kind, status: userId === null ? 'discarded' : 'queued' });
};

const finish = async (
  db: DbOrTx,
  id: number,
  status: 'sent' | 'failed' | 'discarded',
  error: string | null = null,
) => {
  await finishOutboxMail(db, id, status, error);
};

/** Back in the queue after the mail server was away, or given up after MAX_ATTEMPTS. */
const requeue = async (db: DbOrTx, ids: number[]) => {
  for (const id of ids) {
    await requeueOutboxMail(db, id, MAX_ATTEMPTS);
  }
};

/**
 * Sends up to `limit` queued mails; answers how many it claimed. While the mail server is away
 * the claimed rows go back to the queue and the error is thrown for the loop's back-off. A row a
 * dead worker left `sending` is sent again after its lease (a second copy of a reset mail is
 * harmless: each issue spends the links before it).
 */
export const sendQueuedMail = async (
  ctx: AppContext,
  composers: MailComposers,
  { limit = 20 }: { limit?: number } = {},
): Promise<number> => {
  // A row whose workers kept dying while sending it is not tried for ever.
  await failAbandonedOutboxMail(ctx.db, MAX_ATTEMPTS);
  const claimed = await claimOutboxMail(ctx.db, { leaseSeconds: LEASE_SECONDS, limit });
  for (const [index, row] of claimed.entries()) {
    const id = Number(row.id);
    const compose = composers[row.kind];
    if (!compose) {
      await finish(ctx.db, id, 'failed', `no mail of kind ${row.kind}`);
      continue;
    }
    try {
      const mail = await compose(ctx, row.user_id);
      if (!mail) {
        await finish(ctx.db, id, 'discarded');
        continue;
      }
      await ctx.mailer.send(mail);
      await finish(ctx.db, id, 'sent');
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      if (!isMailServerUnavailable(error)) {
        ctx.logger.error('queued mail failed', { id, kind: row.kind, error: String(error) });
        await finish(ctx.db, id, 'failed', String(error));
        continue;
      }
      // Not sent: this one and the rest of the batch wait for the mail server.
      await requeue(
        ctx.db,
        claimed.slice(index).map((r) => Number(r.id)),
      );
      throw error;
    }
  }
  return claimed.length;
};

/**
 * Sends what is queued now: never throws (the mail loop retries what is left). Called after a
 * request has answered, whatever the request found.
 */
export const drainMailOutbox = async (ctx: AppContext, composers: MailComposers): Promise<void> => {
  try {
    while ((await sendQueuedMail(ctx, composers)) > 0) {
      // next batch
    }
  } catch (error) {
    if (isMailServerUnavailable(error) || isDatabaseUnavailable(error)) {
      ctx.logger.warn('queued mail paused: server unavailable', { error: String(error) });
    } else {
      ctx.logger.error('queued mail failed', { error: String(error) });
    }
  }
};

/** Deletes finished rows older than KEEP_DAYS, a batch at a time; answers how many went. */
export const pruneMailOutbox = (db: DbOrTx, { limit = 1000 } = {}): Promise<number> =>
  deleteFinishedOutboxMail(db, { keepDays: KEEP_DAYS, limit });
