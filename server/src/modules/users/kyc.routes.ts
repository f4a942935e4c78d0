import { Router } from 'express';
import { ZKycRequest } from '@vendo/shared/schemas/wallet';
import type { AppContext } from '../../app-context.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { updateKyc } from './kyc.service.ts';

/** A user's own NIN or BVN. Authenticated. */
export const kycRoutes = (ctx: AppContext): Router => {
  const router = Router();

  router.post('/auth/updateKyc', authenticate(ctx), validateBody(ZKycRequest), async (req, res) => {
    res.json(await updateKyc(ctx, currentUser(req), req.body as { nin?: string; bvn?: string }));
  });

  return router;
};
