import { Router } from 'express';
import { z } from 'zod';
import { ZUpgradeRequest } from '@vendo/shared/schemas/wallet';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { idempotent } from '../../middleware/idempotency.ts';
import { referralSummary, upgradeToReseller, withdrawEarnings } from './referrals.service.ts';

/** The reseller upgrade (which rewards the referrer), referrals and earnings. Authenticated. */
export const referralRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx);

  /** The reseller upgrade; the only change a user may make to their own tier (nothing else is accepted). */
  router.patch(
    '/auth/user/:id',
    auth,
    idempotent(ctx),
    validateBody(ZUpgradeRequest),
    async (req, res) => {
      const user = currentUser(req);
      if (req.params.id !== user.id)
        throw new AppError('FORBIDDEN', { msg: 'You can only upgrade your own account' });
      res.json(await upgradeToReseller(ctx, user));
    },
  );

  router.get('/auth/referral', auth, async (req, res) => {
    const page = z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .catch(1)
      .parse(req.query.page ?? 1);
    res.json(await referralSummary(ctx, currentUser(req).id, page));
  });

  router.post('/auth/withdrawEarning', auth, idempotent(ctx), async (req, res) => {
    res.json(await withdrawEarnings(ctx, currentUser(req)));
  });

  return router;
};
