import { Router } from 'express';
import type { z } from 'zod';
import {
  ZNotificationRequest,
  ZNotificationSeenRequest,
} from '@vendo/shared/schemas/catalogue-admin';
import type { AppContext } from '../../app-context.ts';
import { currentUser, requireRole } from '../../middleware/auth.ts';
import { validateBody } from '../../middleware/validate.ts';
import {
  acknowledgeNotification,
  notificationFor,
  publishNotification,
} from './notifications.service.ts';

/** /admin/notification (mounted under /admin, after authenticate). */
export const notificationRoutes = (ctx: AppContext): Router => {
  const router = Router();

  /** Any signed-in user: the current message and whether they pressed OK on it. */
  router.get('/notification', async (req, res) => {
    res.json(await notificationFor(ctx, currentUser(req)));
  });

  router.post(
    '/notification',
    requireRole('agent'),
    validateBody(ZNotificationRequest),
    async (req, res) => {
      const { msg } = req.body as z.output<typeof ZNotificationRequest>;
      res.json(await publishNotification(ctx, currentUser(req), msg));
    },
  );

  router.post('/notification/seen', validateBody(ZNotificationSeenRequest), async (req, res) => {
    const { id } = req.body as z.output<typeof ZNotificationSeenRequest>;
    await acknowledgeNotification(ctx, currentUser(req), id);
    res.json({ msg: 'OK' });
  });

  return router;
};
