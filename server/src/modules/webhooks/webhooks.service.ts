import type {
  TWebhookDeliveriesResponse,
  TWebhookEventSummary,
  TWebhookSettings,
  TWebhookSettingsResponse,
} from '@vendo/shared/schemas/webhooks.responses';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sealSecret } from '../../lib/secret-box.ts';
import type { UserRow } from '../users/users.repository.ts';
import { newWebhookSecret, secretHint } from './webhook-signature.ts';
import { checkWebhookUrl, type ResolveAll } from './webhook-target.ts';
import {
  findWebhookSettings,
  listWebhookDeliveries,
  listWebhookEvents,
  requeueWebhookEvent,
  saveWebhookSecret,
  saveWebhookUrl,
  type WebhookDeliveryRow,
  type WebhookEventRow,
} from './webhooks.repository.ts';

export const WEBHOOK_SECRET_PURPOSE = 'webhook-signing-secret';
export const WEBHOOK_EVENTS_PAGE_SIZE = 20;

const sealed = (ctx: AppContext, secret: string) => ({
  sealed: sealSecret(ctx.jwtSecret, WEBHOOK_SECRET_PURPOSE, secret),
  hint: secretHint(secret),
});

/** The caller's webhook URL and the last characters of their secret. */
export const getWebhookSettings = async (
  ctx: AppContext,
  user: UserRow,
): Promise<TWebhookSettings> => {
  const settings = await findWebhookSettings(ctx.db, user.id);
  return { webhookUrl: settings.webhookUrl, webhookSecretHint: settings.secretHint };
};

/**
 * Saves the caller's webhook URL after the SSRF rules (public https only, checked again at each
 * send); an empty one clears it. The first URL saved also creates the signing secret, shown in
 * this answer only.
 */
export const updateWebhookUrl = async (
  ctx: AppContext,
  user: UserRow,
  input: { webhookUrl: string },
  resolve?: ResolveAll,
): Promise<TWebhookSettingsResponse> => {
  const url =
    input.webhookUrl === ''
      ? null
      : await checkWebhookUrl(input.webhookUrl, ctx.config.webhooks, resolve);
  const secret = newWebhookSecret();
  const saved = await saveWebhookUrl(ctx.db, user.id, url, sealed(ctx, secret));
  return {
    msg: url ? 'Webhook URL saved' : 'Webhook URL removed: no more events will be sent',
    webhookUrl: url,
    webhookSecretHint: saved.secretHint,
    ...(saved.secretCreated ? { webhookSecret: secret } : {}),
  };
};

/** Makes a new signing secret for the caller, answered this once; the old one stops at once. */
export const rotateWebhookSecret = async (
  ctx: AppContext,
  user: UserRow,
): Promise<TWebhookSettingsResponse> => {
  const secret = newWebhookSecret();
  const box = sealed(ctx, secret);
  await saveWebhookSecret(ctx.db, user.id, box);
  const settings = await findWebhookSettings(ctx.db, user.id);
  return {
    msg: 'New webhook secret created. Copy it now: it will not be shown again.',
    webhookUrl: settings.webhookUrl,
    webhookSecretHint: box.hint,
    webhookSecret: secret,
  };
};

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const toEventSummary = (
  event: WebhookEventRow,
  deliveries: WebhookDeliveryRow[],
): TWebhookEventSummary => ({
  _id: event.id,
  type: event.type as TWebhookEventSummary['type'],
  status: event.status as TWebhookEventSummary['status'],
  transactionId: event.transactionId,
  reference: typeof event.snapshot.reference === 'string' ? event.snapshot.reference : null,
  createdAt: event.createdAt.toISOString(),
  attempts: event.attempts,
  lastStatusCode: event.lastStatusCode,
  lastError: event.lastError,
  nextAttemptAt: event.status === 'pending' ? iso(event.nextAttemptAt) : null,
  deliveredAt: iso(event.deliveredAt),
  deliveries: deliveries.map((d) => ({
    attempt: d.attempt,
    attemptedAt: d.attemptedAt.toISOString(),
    url: d.url,
    statusCode: d.statusCode,
    error: d.error,
    durationMs: d.durationMs,
  })),
});

const withDeliveries = async (
  ctx: AppContext,
  events: WebhookEventRow[],
): Promise<TWebhookEventSummary[]> => {
  const deliveries = await listWebhookDeliveries(
    ctx.db,
    events.map((e) => e.id),
  );
  return events.map((event) =>
    toEventSummary(
      event,
      deliveries.filter((d) => d.eventId === event.id),
    ),
  );
};

/** The caller's webhook events, newest first, each with its attempts. */
export const webhookDeliveryLog = async (
  ctx: AppContext,
  user: UserRow,
  { page }: { page: number },
): Promise<TWebhookDeliveriesResponse> => {
  const { events, total } = await listWebhookEvents(ctx.db, user.id, {
    limit: WEBHOOK_EVENTS_PAGE_SIZE,
    offset: (page - 1) * WEBHOOK_EVENTS_PAGE_SIZE,
  });
  return {
    events: await withDeliveries(ctx, events),
    page,
    totalPages: Math.max(1, Math.ceil(total / WEBHOOK_EVENTS_PAGE_SIZE)),
    total,
  };
};

/** Queues one of the caller's events to be sent again now (a manual resend). */
export const resendWebhookEvent = async (
  ctx: AppContext,
  user: UserRow,
  eventId: string,
): Promise<{ msg: string; event: TWebhookEventSummary }> => {
  const event = await requeueWebhookEvent(ctx.db, { userId: user.id, eventId });
  if (!event) throw new AppError('NOT_FOUND', { msg: 'Webhook event not found' });
  const [summary] = await withDeliveries(ctx, [event]);
  return { msg: 'The event will be sent again in a moment', event: summary! };
};
