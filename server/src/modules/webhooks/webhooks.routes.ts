import { Router } from 'express';
import {
  ZUpdateWebhookRequest,
  ZWebhookDeliveriesQuery,
  type TUpdateWebhookRequest,
} from '@vendo/shared/schemas/webhooks';
import { firstIssueMessage } from '@vendo/shared/schemas/auth';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { validateBody } from '../../middleware/validate.ts';
import {
  getWebhookSettings,
  resendWebhookEvent,
  rotateWebhookSecret,
  updateWebhookUrl,
  webhookDeliveryLog,
} from './webhooks.service.ts';

/** An API user's webhook settings, delivery log and resend, under /auth (signed in). */
export const webhookSettingsRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const signedIn = authenticate(ctx);

  router.get('/webhook', signedIn, async (req, res) => {
    res.json(await getWebhookSettings(ctx, currentUser(req)));
  });

  router.post('/updateWebhook', signedIn, validateBody(ZUpdateWebhookRequest), async (req, res) => {
    res.json(await updateWebhookUrl(ctx, currentUser(req), req.body as TUpdateWebhookRequest));
  });

  router.post('/webhookSecret', signedIn, async (req, res) => {
    res.json(await rotateWebhookSecret(ctx, currentUser(req)));
  });

  router.get('/webhookDeliveries', signedIn, async (req, res) => {
    const parsed = ZWebhookDeliveriesQuery.safeParse(req.query);
    if (!parsed.success) {
      throw new AppError('VALIDATION_ERROR', { msg: firstIssueMessage(parsed.error) });
    }
    res.json(await webhookDeliveryLog(ctx, currentUser(req), { page: parsed.data.page ?? 1 }));
  });

  router.post('/webhookEvents/:id/resend', signedIn, async (req, res) => {
    res.json(await resendWebhookEvent(ctx, currentUser(req), String(req.params.id)));
  });

  return router;
};
