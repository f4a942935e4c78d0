import { Router } from 'express';
import { ZCreateApiTokenRequest } from '@vendo/shared/schemas/api-tokens';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { validateBody } from '../../middleware/validate.ts';
import { apiTokensOf, createApiToken, revokeApiToken } from './api-tokens.service.ts';

/**
 * /auth/apiTokens: any signed-in account makes, lists and revokes its own named API tokens.
 * Managing tokens needs the session itself: an API token here is refused (403).
 */
export const apiTokenRoutes = (ctx: AppContext): Router => {
  const router = Router();
  router.use(authenticate(ctx));

  router.get('/', async (req, res) => {
    res.json({ apiTokens: await apiTokensOf(ctx, currentUser(req).id) });
  });

  router.post('/', validateBody(ZCreateApiTokenRequest), async (req, res) => {
    const { name } = req.body as z.output<typeof ZCreateApiTokenRequest>;
    const created = await createApiToken(ctx, currentUser(req), { name });
    res.status(201).json({
      msg: 'Copy your API token now: it will not be shown again',
      ...created,
    });
  });

  router.delete('/:id', async (req, res) => {
    const userId = currentUser(req).id;
    await revokeApiToken(ctx, { userId, id: String(req.params.id) });
    res.json({ msg: 'API token revoked', apiTokens: await apiTokensOf(ctx, userId) });
  });

  return router;
};
