import { z } from '../zod.ts';

/**
 * Webhook settings of an API user (POST /auth/updateWebhook and friends). Answers:
 * webhooks.responses.ts. Where a URL may point is checked on the server (public https only).
 */

export const ZUpdateWebhookRequest = z.object({
  webhookUrl: z
    .string({ error: 'Please enter the webhook URL' })
    .trim()
    .max(2000, 'The webhook URL is too long'),
});
export type TUpdateWebhookRequest = z.input<typeof ZUpdateWebhookRequest>;

/** GET /auth/webhookDeliveries query. */
export const ZWebhookDeliveriesQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(100_000, 'Page must be a whole number from 1')
    .optional(),
});

export const WEBHOOK_EVENT_TYPES = [
  'transaction.success',
  'transaction.refunded',
  'transaction.failed',
  'deposit.credited',
  'bulk.completed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
