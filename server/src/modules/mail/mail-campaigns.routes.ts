import { Router } from 'express';
import { ZSendMailRequest, type TSendMailRequest } from '@vendo/shared/schemas/admin';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireRole } from '../../middleware/auth.ts';
import { validateBody } from '../../middleware/validate.ts';
import { mailProgress, sendMail } from './mail-campaigns.service.ts';

/** /admin/sendMail (mounted under /admin, after authenticate): admins only. */
export const mailRoutes = (ctx: AppContext): Router => {
  const router = Router();

  router.post(
    '/sendMail',
    requireRole('admin'),
    validateBody(ZSendMailRequest),
    async (req, res) => {
      res.json(await sendMail(ctx, currentUser(req), req.body as TSendMailRequest));
    },
  );

  router.get('/sendMail/:id', requireRole('admin'), async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw new AppError('NOT_FOUND', { msg: 'That mail does not exist' });
    }
    res.json(await mailProgress(ctx, id));
  });

  return router;
};
