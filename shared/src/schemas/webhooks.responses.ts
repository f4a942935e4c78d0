import { z } from '../zod.ts';
import { ZIsoDateTime, ZMsgResponse } from './common.ts';
import { ZTransaction } from './transaction.ts';
import { WEBHOOK_EVENT_TYPES } from './webhooks.ts';
import { ZBulkBatchSummary } from './bulk.ts';

/** Answers of the webhook settings routes, and the body every webhook POST carries. */

export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES).describe('What happened');

/** GET /auth/webhook: the URL and the last characters of the secret (never the secret). */
export const ZWebhookSettings = z.object({
  webhookUrl: z.string().nullable(),
  webhookSecretHint: z
    .string()
    .nullable()
    .describe('Last 4 characters of the signing secret; null when none was made yet'),
});
export type TWebhookSettings = z.infer<typeof ZWebhookSettings>;

/**
 * POST /auth/updateWebhook and POST /auth/webhookSecret. `webhookSecret` is present only in the
 * answer that created it (rotation, or the first URL saved): it is never shown again.
 */
export const ZWebhookSettingsResponse = ZMsgResponse.extend(ZWebhookSettings.shape).extend({
  webhookSecret: z.string().optional().describe('Shown once: keep it to verify signatures'),
});
export type TWebhookSettingsResponse = z.infer<typeof ZWebhookSettingsResponse>;

export const ZWebhookAttempt = z.object({
  attempt: z.number().int(),
  attemptedAt: ZIsoDateTime,
  url: z.string(),
  statusCode: z.number().int().nullable().describe("The endpoint's HTTP status, if it answered"),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookEventStatus = z
  .enum(['pending', 'delivered', 'failed'])
  .describe('pending: (re)tried until delivered or 24 h after the event; then failed');

export const ZWebhookEventSummary = z.object({
  _id: z.string().describe('The event id, as sent in Vendo-Webhook-Id'),
  type: ZWebhookEventType,
  status: ZWebhookEventStatus,
  transactionId: z.string().nullable().describe('null for bulk.completed'),
  reference: z
    .string()
    .nullable()
    .describe("The transaction's trans_Id (bulk.completed: the batch's reference)"),
  createdAt: ZIsoDateTime,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: ZIsoDateTime.nullable(),
  deliveredAt: ZIsoDateTime.nullable(),
  deliveries: z.array(ZWebhookAttempt).describe('Every attempt, newest first'),
});
export type TWebhookEventSummary = z.infer<typeof ZWebhookEventSummary>;

/** GET /auth/webhookDeliveries: the caller's events, newest first, 20 a page. */
export const ZWebhookDeliveriesResponse = z.object({
  events: z.array(ZWebhookEventSummary),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type TWebhookDeliveriesResponse = z.infer<typeof ZWebhookDeliveriesResponse>;

/** POST /auth/webhookEvents/:id/resend. */
export const ZWebhookResendResponse = ZMsgResponse.extend({ event: ZWebhookEventSummary });
export type TWebhookResendResponse = z.infer<typeof ZWebhookResendResponse>;

/** The JSON body of every webhook POST (signed: see README "Webhooks"). */
export const ZWebhookEventBody = z.object({
  id: z.string().describe('Stable event id: the same on every retry; deduplicate on it'),
  type: ZWebhookEventType,
  created_at: ZIsoDateTime,
  receipt: ZTransaction.optional().describe(
    'transaction.* and deposit.credited: the transaction as GET /transaction/{id} shows it',
  ),
  batch: ZBulkBatchSummary.optional().describe(
    'bulk.completed: the batch as GET /buy/bulk/{batchId} shows it, without its lines',
  ),
});
export type TWebhookEventBody = z.infer<typeof ZWebhookEventBody>;
