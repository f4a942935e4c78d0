import type { TWebhookEventBody } from '@vendo/shared/schemas/webhooks.responses';
import type { AppContext } from '../../app-context.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { toPublicTransaction } from '../transactions/transactions.mapper.ts';
import { sendWebhook, type SendResult } from './webhook-sender.ts';
import { signWebhook } from './webhook-signature.ts';
import {
  claimDueWebhookEvents,
  recordWebhookAttempt,
  transactionFromSnapshot,
  type ClaimedWebhookEvent,
} from './webhooks.repository.ts';
import { WEBHOOK_SECRET_PURPOSE } from './webhooks.service.ts';

/**
 * The delivery worker (docs/decisions/0019): claims due outbox events with a lease, POSTs each
 * signed, outside any database transaction, and logs the attempt. At least once: an event is
 * marked delivered only after a 2xx, so a crash between the send and the log sends it again.
 */

/** The wait before attempt `attempt + 1`: base, 2×base, 4×base … up to the cap. */
export const retryDelayMs = (
  attempt: number,
  { retryBaseMs, retryMaxMs }: { retryBaseMs: number; retryMaxMs: number },
): number => Math.min(retryBaseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30), retryMaxMs);

/** The JSON body of an event: its id, type and time, and the receipt as GET /transaction shows it. */
export const webhookBody = (event: ClaimedWebhookEvent): string => {
  const row = transactionFromSnapshot(event.snapshot);
  const body: TWebhookEventBody = {
    id: event.id,
    type: event.type as TWebhookEventBody['type'],
    created_at: event.createdAt.toISOString(),
    receipt: toPublicTransaction({ ...row, userName: event.userName }, { withProfit: false }),
  };
  return JSON.stringify(body);
};

const attemptOnce = async (ctx: AppContext, event: ClaimedWebhookEvent): Promise<SendResult> => {
  const failed = (error: string): SendResult => ({ statusCode: null, error, durationMs: 0 });
  if (!event.webhookUrl) return failed('No webhook URL is set');
  const secret = event.sealedSecret
    ? openSecret(ctx.jwtSecret, WEBHOOK_SECRET_PURPOSE, event.sealedSecret)
    : null;
  if (!secret) return failed('The webhook secret cannot be read: create a new one');
  const body = webhookBody(event);
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

const deliverOne = async (ctx: AppContext, event: ClaimedWebhookEvent): Promise<boolean> => {
  const attemptedAt = new Date();
  const result = await attemptOnce(ctx, event);
  const delivered =
    result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  if (!delivered) ctx.metrics.webhookFailed();
  await recordWebhookAttempt(ctx.db, {
    eventId: event.id,
    attempt: event.attempts,
    url: event.webhookUrl ?? '',
    attemptedAt,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
    delivered,
    retryDelayMs: retryDelayMs(event.attempts, ctx.config.webhooks),
    retryWindowSeconds: ctx.config.webhooks.retryWindowSeconds,
  });
  return delivered;
};

/**
 * One pass: claims up to a batch of due events and sends them, `concurrency` at a time. Any
 * number of processes may run it at once. Answers how many events it attempted.
 */
export const deliverDueWebhooks = async (
  ctx: AppContext,
  { limit = ctx.config.webhooks.batchSize } = {},
): Promise<number> => {
  const claimed = await claimDueWebhookEvents(ctx.db, {
    limit,
    leaseSeconds: ctx.config.webhooks.leaseSeconds,
  });
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) {
      const event = claimed[next++]!;
      try {
        await deliverOne(ctx, event);
      } catch (error) {
        // The attempt could not be logged (database down): the lease runs out and it is retried.
        ctx.logger.error('webhook attempt not recorded', {
          eventId: event.id,
          error: String(error),
        });
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(ctx.config.webhooks.concurrency, claimed.length) }, lane),
  );
  return claimed.length;
};
