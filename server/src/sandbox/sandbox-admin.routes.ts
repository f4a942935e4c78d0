import { Router } from 'express';
import type { z } from 'zod';
import { ZSandboxFloatRequest } from '@vendo/shared/schemas/admin';
import type { AppContext } from '../app-context.ts';
import { requireRole } from '../middleware/auth.ts';
import { validateBody } from '../middleware/validate.ts';
import { topUpSandboxFloat } from './vending/sandbox-store.ts';

/**
 * The sandbox's staff tools, mounted under /admin (after authenticate) only when the sandbox is
 * on: a production app answers 404 here and never loads this module.
 */
export const sandboxAdminRoutes = (ctx: AppContext): Router => {
  const router = Router();

  /** Tops up a simulated supplier's float. */
  router.post(
    '/sandbox/float',
    requireRole('admin'),
    validateBody(ZSandboxFloatRequest),
    async (req, res) => {
      const { supplier, amount } = req.body as z.output<typeof ZSandboxFloatRequest>;
      await topUpSandboxFloat(ctx.db, supplier, amount);
      res.json({ msg: `Sandbox ${supplier} float topped up` });
    },
  );

  return router;
};
