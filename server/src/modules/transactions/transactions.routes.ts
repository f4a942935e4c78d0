import { Router } from 'express';
import type { AppContext } from '../../app-context.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { getTransactionFor } from './transactions.service.ts';

/** /transaction/:id: one receipt, so a receipt link still works after a reload. */
export const transactionRoutes = (ctx: AppContext): Router => {
  const router = Router();
  // Authenticated per route: GET /transaction (the filtered list) belongs here too, later.
  const auth = authenticate(ctx);

  router.get('/:id', auth, async (req, res) => {
    const transaction = await getTransactionFor(ctx.db, {
      id: String(req.params.id),
      viewer: currentUser(req),
    });
    res.json({ transaction });
  });

  return router;
};
