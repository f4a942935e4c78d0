import type { TWebhookEventBody } from '@vendo/shared/schemas/webhooks.responses';
import type { AppContext } from '../../app-context.ts';
import { openSecretWithAny } from '../../lib/secret-box.ts';
import { toPublicTransaction } from '../transactions/transactions.mapper.ts';
import { sendWebhook, type SendResult } from './webhook-sender.ts';
import { signWebhook } from './webhook-signature.ts';
import {
  claimDueWebhookEvents,
  recordWebhookAttempts,
  transactionFromSnapshot,
  type ClaimedWebhookEvent,
  type WebhookAttempt,
} from './webhooks.repository.ts';
import { WEBHOOK_SECRET_PURPOSE } from './webhooks.service.ts';

/**
 * The delivery worker (docs/decisions/0019, 0033): claims due outbox events with a lease, POSTs
 * each signed, outside any database transaction, and logs the attempts (with the next claim, or
 * several to a statement).
 * At least once: an event is marked delivered only after a 2xx, so a crash between the send and
 * the log sends it again.
 */

/** The wait before attempt `attempt + 1`: base, 2×base, 4×base … up to the cap. */
export const retryDelayMs = (
  attempt: number,
  { retryBaseMs, retryMaxMs }: { retryBaseMs: number; retryMaxMs: number },
): number => Math.min(retryBaseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30), retryMaxMs);

/**
 * The JSON body of an event: its id, type and time, and the receipt as GET /transaction shows it
 * to its owner (whose own webhook this is: exam PINs in full when `pinSecrets` open them), or
 * for a bulk purchase's end the batch's summary.
 */
export const webhookBody = (
  event: ClaimedWebhookEvent,
  pinSecrets: readonly (string | undefined)[] = [],
): string => {
  const head = {
    id: event.id,
    type: event.type as TWebhookEventBody['type'],
    created_at: event.createdAt.toISOString(),
  };
  // A bulk purchase's end: the snapshot is the batch's summary, made for its owner.
  if (event.batchId) {
    return JSON.stringify({ ...head, batch: event.snapshot } as TWebhookEventBody);
  }
  const row = transactionFromSnapshot(event.snapshot);
  const body: TWebhookEventBody = {
    ...head,
    receipt: toPublicTransaction(
      { ...row, userName: event.userName },
      { withProfit: false, viewer: { userId: event.userId, secrets: pinSecrets } },
    ),
  };
  return JSON.stringify(body);
};

/** The sealed secrets of one batch, each opened once (HKDF and AES-GCM per event add up). */
type SecretCache = Map<string, string | null>;

/** One POST of an event, signed. Never throws: a failure (even building the body) is the result. */
const attemptOnce = async (
  ctx: AppContext,
  event: ClaimedWebhookEvent,
  secrets: SecretCache,
): Promise<SendResult> => {
  const failed = (error: string): SendResult => ({ statusCode: null, error, durationMs: 0 });
  if (!event.webhookUrl) return failed('No webhook URL is set');
  const sealed = event.sealedSecret;
  let secret = sealed ? secrets.get(sealed) : null;
  if (sealed && secret === undefined) {
    secret = openSecretWithAny(
      [ctx.jwtSecret, ctx.config.jwtSecretPrevious],
      WEBHOOK_SECRET_PURPOSE,
      sealed,
    );
    secrets.set(sealed, secret);
  }
  if (!secret) return failed('The webhook secret cannot be read: create a new one');
  let body: string;
  try {
    body = webhookBody(event, [ctx.jwtSecret, ctx.config.jwtSecretPrevious]);
  } catch (error) {
    return failed(`The event could not be written: ${String(error)}`.slice(0, 500));
  }
  const timestamp = Math.floor(Date.now() / 1000);
  return sendWebhook({
    url: event.webhookUrl,
    body,
    headers: {
      'vendo-webhook-id': event.id,
      'vendo-webhook-timestamp': String(timestamp),
      'vendo-webhook-signature': signWebhook(secret, timestamp, body),
    },
    rules: ctx.config.webhooks,
    timeoutMs: ctx.config.webhooks.timeoutMs,
  });
};

/**
 * How long a finished attempt may wait in the queue for the next claim to carry it before it is
 * written on its own. At volume a claim comes every batch (tens of ms); this bounds the wait when
 * sends are slow, well inside any lease.
 */
const ATTEMPT_LOG_WAIT_MS = 200;

/**
 * Logs finished attempts. While the pass has claims to come, they wait for the next one, which
 * writes them in its own statement (claimDueWebhookEvents), so a busy worker has one round trip
 * and one commit per batch, not one for its outcomes and another for the next batch. They are
 * written on their own by group commit (the first at once, those that finish during a write
 * together in the next) when a batch of them is waiting, one has waited ATTEMPT_LOG_WAIT_MS, or
 * no claim is coming. A write that fails (database down) is logged; its events' leases run out
 * and they are sent again.
 */
const attemptLog = (ctx: AppContext, batchSize: number) => {
  let queue: WebhookAttempt[] = [];
  let writing: Promise<void> | null = null;
  let claimsComing = true;
  let timer: NodeJS.Timeout | undefined;
  const notRecorded = (batch: WebhookAttempt[], error: unknown) =>
    ctx.logger.error('webhook attempts not recorded', {
      events: batch.length,
      eventIds: batch.slice(0, 5).map((a) => a.eventId),
      error: String(error),
    });
  const write = async () => {
    clearTimeout(timer);
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await recordWebhookAttempts(ctx.db, batch, ctx.config.webhooks);
      } catch (error) {
        notRecorded(batch, error);
      }
    }
    writing = null;
  };
  const writeNow = () => {
    writing ??= write();
  };
  return {
    add: (attempt: WebhookAttempt) => {
      queue.push(attempt);
      if (!claimsComing || queue.length >= batchSize) writeNow();
      else if (queue.length === 1 && !writing) timer = setTimeout(writeNow, ATTEMPT_LOG_WAIT_MS);
    },
    /** The waiting attempts, for a claim to write (none while a write of its own is running). */
    take: (): WebhookAttempt[] => {
      if (writing) return [];
      clearTimeout(timer);
      const batch = queue;
      queue = [];
      return batch;
    },
    notRecorded,
    /** No claim is coming: what waits is written now, and what follows as it finishes. */
    noMoreClaims: () => {
      claimsComing = false;
      if (queue.length > 0) writeNow();
    },
    flushed: async () => {
      await writing;
    },
  };
};

/**
 * Time an event's send must leave before its lease ends (beyond the send's own time limit): an
 * event whose lease is about to run out is not sent, so it can never be in flight from two
 * workers at once. It goes back to the queue when the lease ends.
 */
const LEASE_MARGIN_MS = 1000;

/**
 * One pass: claims due events a batch at a time and sends them, `concurrency` at a time, logging
 * the attempts as they finish (mostly with the next claim, attemptLog). The next batch is claimed
 * as soon as the lanes start on the current one (at most two in hand), so they seldom wait for a
 * claim, and never for a log write.
 * The pass ends when a claim comes back short of a batch (nothing more is due) or after
 * `maxClaims` claims. Any number of processes may run it at once. Answers how many events it
 * claimed; a claim that fails (the database is down) fails the pass, once the events already in
 * hand are sent and logged.
 */
export const deliverDueWebhooks = async (
  ctx: AppContext,
  { limit = ctx.config.webhooks.batchSize, maxClaims = 1 } = {},
): Promise<number> => {
  const { leaseSeconds, timeoutMs, concurrency } = ctx.config.webhooks;
  const inHand: { event: ClaimedWebhookEvent; sendBefore: number }[] = [];
  const secrets: SecretCache = new Map();
  const log = attemptLog(ctx, limit);
  let claims = 0;
  let claimedCount = 0;
  let claiming: Promise<void> | null = null;
  let done = false;
  let claimError: unknown = null;
  let leftForLater = 0;

  const claimMore = () => {
    if (claiming || done) return;
    claims += 1;
    // Taken before the claim: the lease the database grants ends later than this clock says.
    const sendBefore = performance.now() + leaseSeconds * 1000 - timeoutMs - LEASE_MARGIN_MS;
    const attempts = log.take();
    claiming = claimDueWebhookEvents(ctx.db, {
      limit,
      leaseSeconds,
      finishing: { attempts, retryWindowSeconds: ctx.config.webhooks.retryWindowSeconds },
    })
      .then(
        (claimed) => {
          claimedCount += claimed.length;
          for (const event of claimed) inHand.push({ event, sendBefore });
          if (claimed.length < limit || claims >= maxClaims) done = true;
        },
        (error: unknown) => {
          if (attempts.length > 0) log.notRecorded(attempts, error);
          claimError = error;
          done = true;
        },
      )
      .finally(() => {
        claiming = null;
        if (done) log.noMoreClaims();
      });
  };

  const lane = async () => {
    for (;;) {
      if (inHand.length < limit) claimMore();
      const next = inHand.shift();
      if (!next) {
        if (!claiming) return;
        await claiming;
        continue;
      }
      const { event, sendBefore } = next;
      if (performance.now() > sendBefore) {
        leftForLater += 1;
        continue;
      }
      const attemptedAt = new Date();
      const result = await attemptOnce(ctx, event, secrets);
      const delivered =
        result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      if (!delivered) ctx.metrics.webhookFailed();
      log.add({
        eventId: event.id,
        attempt: event.attempts,
        url: event.webhookUrl ?? '',
        attemptedAt,
        statusCode: result.statusCode,
        error: result.error,
        durationMs: result.durationMs,
        delivered,
        retryDelayMs: retryDelayMs(event.attempts, ctx.config.webhooks),
      });
    }
  };
  claimMore();
  await claiming;
  await Promise.all(Array.from({ length: Math.min(concurrency, inHand.length) }, lane));
  log.noMoreClaims();
  await log.flushed();
  if (leftForLater > 0) {
    ctx.logger.warn('webhook events left for their lease to end', {
      events: leftForLater,
      hint: 'WEBHOOK_BATCH_SIZE is too large for WEBHOOK_CONCURRENCY and WEBHOOK_TIMEOUT_MS',
    });
  }
  if (claimError) throw claimError;
  return claimedCount;
};
