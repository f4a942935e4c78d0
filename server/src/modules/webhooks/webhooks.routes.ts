import { ZUpdateWebhookRequest, ZWebhookDeliveriesQuery } from '@vendo/shared/schemas/webhooks';
import {
  ZWebhookDeliveriesResponse,
  ZWebhookResendResponse,
  ZWebhookSettings,
  ZWebhookSettingsResponse,
} from '@vendo/shared/schemas/webhooks.responses';
import { reply, route } from '../../api/route.ts';
import { idParam } from '../../api/params.ts';
import { developerTags as tags, sessionOnly } from '../api-tokens/api-tokens.docs.ts';
import {
  getWebhookSettings,
  resendWebhookEvent,
  rotateWebhookSecret,
  updateWebhookUrl,
  webhookDeliveryLog,
} from './webhooks.service.ts';

/** Any account may hold API tokens, so any account may have a webhook: refused to tokens only. */
const refusedToTokens = sessionOnly;

/**
 * An account's webhook settings, delivery log and resend, under /auth (any account: every one
 * may buy through the API). Managed with the session
 * (the web app), never with an API token: a leaked token cannot move the webhook.
 */
export const webhookSettingsRoutes = [
  route({
    method: 'get',
    path: '/auth/webhook',
    tags,
    summary: 'Your webhook settings',
    description: 'The URL and the last characters of the signing secret (never the secret).',
    access: 'user',
    // What is sent: the settings alone, no msg (the contract test holds the wire to this).
    answers: { 200: { description: 'The settings', schema: ZWebhookSettings } },
    errors: { 403: refusedToTokens },
    handler: async ({ ctx, user }) => reply(200, await getWebhookSettings(ctx, user)),
  }),
  route({
    method: 'post',
    path: '/auth/updateWebhook',
    tags,
    summary: 'Set or clear the webhook URL',
    description:
      'https only, to a public address: loopback, private, link-local and metadata addresses are refused here and again at every delivery, after DNS. An empty URL stops webhooks. The first URL saved creates the signing secret, shown in this answer only.',
    access: 'user',
    body: ZUpdateWebhookRequest,
    bodyExamples: {
      set: { summary: 'Your receiver', value: { webhookUrl: 'https://example.com/vendo/hook' } },
    },
    answers: { 200: { description: 'Saved', schema: ZWebhookSettingsResponse } },
    errors: { 403: refusedToTokens },
    handler: async ({ ctx, user, body }) => reply(200, await updateWebhookUrl(ctx, user, body)),
  }),
  route({
    method: 'post',
    path: '/auth/webhookSecret',
    tags,
    summary: 'Rotate the webhook signing secret',
    description:
      'The new secret is in this answer only; deliveries from now on are signed with it.',
    access: 'user',
    answers: {
      200: { description: 'Rotated; the secret shown once', schema: ZWebhookSettingsResponse },
    },
    errors: { 403: refusedToTokens },
    handler: async ({ ctx, user }) => reply(200, await rotateWebhookSecret(ctx, user)),
  }),
  route({
    method: 'get',
    path: '/auth/webhookDeliveries',
    tags,
    summary: 'Webhook delivery log',
    description: 'Your events, newest first, each with every delivery attempt.',
    access: 'user',
    query: ZWebhookDeliveriesQuery,
    answers: { 200: { description: 'One page of events', schema: ZWebhookDeliveriesResponse } },
    errors: { 403: refusedToTokens },
    handler: async ({ ctx, user, query }) =>
      reply(200, await webhookDeliveryLog(ctx, user, { page: query.page ?? 1 })),
  }),
  route({
    method: 'post',
    path: '/auth/webhookEvents/{id}/resend',
    tags,
    summary: 'Send a webhook event again',
    description: 'Queues your event for delivery now (also after its 24 hours of retries ended).',
    access: 'user',
    params: idParam('The event’s `id`'),
    answers: { 200: { description: 'Queued', schema: ZWebhookResendResponse } },
    errors: { 403: refusedToTokens, 404: true },
    handler: async ({ ctx, user, params }) =>
      reply(200, await resendWebhookEvent(ctx, user, params.id)),
  }),
];
