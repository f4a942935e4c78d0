import { z } from 'zod';
import { ZAlertIdParams, ZAlertsQuery } from '@vendo/shared/schemas/admin';
import { ZAcknowledgeAlertResponse, ZAlertsResponse } from '@vendo/shared/schemas/admin.responses';
import { reply, route } from '../../api/route.ts';
import { acknowledgeAlert, listAlerts } from './alerts.service.ts';

const tags = ['Admin'];

/** Alerts for staff under /admin. */
export const alertRoutes = [
  /** The latest alerts, newest first; `?open=true`: only unacknowledged ones. */
  route({
    method: 'get',
    path: '/admin/alerts',
    tags,
    summary: 'Alerts for staff',
    description: 'The latest 100, or with `open=true` only those no admin has acknowledged.',
    access: 'agent',
    query: ZAlertsQuery,
    answers: { 200: { description: 'Newest first', schema: ZAlertsResponse } },
    handler: async ({ ctx, query }) =>
      reply(200, { alerts: await listAlerts(ctx.db, { open: query.open ?? false }) }),
  }),
  route({
    method: 'post',
    path: '/admin/alerts/{id}/acknowledge',
    tags,
    summary: 'Acknowledge an alert',
    description: 'Once, by an admin; audited. A second acknowledgement is a 409.',
    access: 'admin',
    // What the route has always parsed: a malformed id is a 400 'That alert does not exist'.
    params: z.object({ id: ZAlertIdParams.shape.id.describe('The alert’s `id`') }),
    answers: { 200: { description: 'Acknowledged', schema: ZAcknowledgeAlertResponse } },
    errors: { 404: true, 409: true },
    handler: async ({ ctx, user, params }) =>
      reply(200, await acknowledgeAlert(ctx, user, params.id)),
  }),
];
