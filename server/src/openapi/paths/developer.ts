import {
  ZApiTokenCreatedResponse,
  ZApiTokenListResponse,
  ZApiTokenRevokedResponse,
} from '@vendo/shared/schemas/api-tokens.responses';
import { ZCreateApiTokenRequest } from '@vendo/shared/schemas/api-tokens';
import { ZUpdateWebhookRequest, ZWebhookDeliveriesQuery } from '@vendo/shared/schemas/webhooks';
import {
  ZWebhookDeliveriesResponse,
  ZWebhookResendResponse,
  ZWebhookSettingsResponse,
} from '@vendo/shared/schemas/webhooks.responses';
import { apiError, type ApiRoute } from '../operation.ts';
import { idParam } from './params.ts';

const tags = ['Developers'];
const sessionOnly = {
  token: {
    summary: 'Called with an API token',
    value: apiError('FORBIDDEN', 'API tokens cannot be used here; sign in'),
  },
};
const apiUsersOnly = {
  type: {
    summary: 'Not an API user',
    value: apiError('FORBIDDEN', 'Webhooks are for API users'),
  },
  ...sessionOnly,
};

/**
 * The API user's own keys and webhooks, under /auth. Managed with the session (the web app),
 * never with an API token: a leaked token cannot mint others or move the webhook.
 */
export const developerPaths: ApiRoute[] = [
  {
    method: 'get',
    path: '/auth/apiTokens',
    tags,
    summary: 'Your API tokens',
    description: 'Name, created and last used (to the minute); never the secret.',
    access: 'user',
    answers: { 200: { description: 'The tokens', schema: ZApiTokenListResponse } },
    errors: { 403: sessionOnly },
  },
  {
    method: 'post',
    path: '/auth/apiTokens',
    tags,
    summary: 'Create an API token',
    description:
      'The token is in this answer only: store it now. Only its hash is kept. At most 10 per account, each name once.',
    access: 'user',
    body: ZCreateApiTokenRequest,
    bodyExamples: { server: { summary: 'A token for a server', value: { name: 'shop server' } } },
    answers: {
      201: { description: 'Created; the secret shown once', schema: ZApiTokenCreatedResponse },
    },
    errors: { 403: sessionOnly, 409: true },
  },
  {
    method: 'delete',
    path: '/auth/apiTokens/{id}',
    tags,
    summary: 'Revoke an API token',
    description: 'Takes effect at once, in every server process.',
    access: 'user',
    params: idParam('The token’s `id`'),
    answers: { 200: { description: 'Revoked; the tokens left', schema: ZApiTokenRevokedResponse } },
    errors: { 403: sessionOnly, 404: true },
  },
  {
    method: 'get',
    path: '/auth/webhook',
    tags,
    summary: 'Your webhook settings',
    description: 'The URL and the last characters of the signing secret (never the secret).',
    access: 'user',
    answers: { 200: { description: 'The settings', schema: ZWebhookSettingsResponse } },
    errors: { 403: apiUsersOnly },
  },
  {
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
    errors: { 403: apiUsersOnly },
  },
  {
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
    errors: { 403: apiUsersOnly },
  },
  {
    method: 'get',
    path: '/auth/webhookDeliveries',
    tags,
    summary: 'Webhook delivery log',
    description: 'Your events, newest first, each with every delivery attempt.',
    access: 'user',
    query: ZWebhookDeliveriesQuery,
    answers: { 200: { description: 'One page of events', schema: ZWebhookDeliveriesResponse } },
    errors: { 403: apiUsersOnly },
  },
  {
    method: 'post',
    path: '/auth/webhookEvents/{id}/resend',
    tags,
    summary: 'Send a webhook event again',
    description: 'Queues your event for delivery now (also after its 24 hours of retries ended).',
    access: 'user',
    params: idParam('The event’s `id`'),
    answers: { 200: { description: 'Queued', schema: ZWebhookResendResponse } },
    errors: { 403: apiUsersOnly, 404: true },
  },
];
