import { Router } from 'express';
import type { z } from 'zod';
import { ZReconcileSuppliersRequest, ZRefundRequest } from '@vendo/shared/schemas/admin';
import type { AppContext } from '../../app-context.ts';
import { idempotent } from '../../middleware/idempotency.ts';
import { validateBody } from '../../middleware/validate.ts';
import { currentUser, requireRole } from '../../middleware/auth.ts';
import { pendingQueue, staffRefund, staffRequery } from './staff-purchases.service.ts';
import {
  lagosToday,
  reconcileSuppliers,
  reconciliationRuns,
} from './supplier-reconciliation.service.ts';

/** Staff tools for purchases, suppliers and services (mounted under /admin, after authenticate). */
export const adminVendingRoutes = (ctx: AppContext): Router => {
  const router = Router();

  /**
   * Refund a purchase (admin or agent; a delivered one only by an admin, with `{reason}`). An
   * unsettled one is re-queried first and refunded only on the supplier's definite failure.
   */
  router.post(
    '/refund/:id',
    requireRole('agent'),
    idempotent(ctx),
    validateBody(ZRefundRequest),
    async (req, res) => {
      const { reason } = req.body as z.output<typeof ZRefundRequest>;
      res.json(
        await staffRefund(ctx, { id: String(req.params.id), actor: currentUser(req), reason }),
      );
    },
  );

  /** Re-query an unsettled purchase now. */
  router.post('/requery/:id', requireRole('agent'), idempotent(ctx), async (req, res) => {
    res.json(await staffRequery(ctx, { id: String(req.params.id), actor: currentUser(req) }));
  });

  /** The admin queue: purchases still unsettled, oldest first, with those past the SLA marked. */
  router.get('/pending', requireRole('agent'), async (_req, res) => {
    res.json(await pendingQueue(ctx));
  });

  /**
   * Supplier reconciliation of a Lagos day (default today), admins: starts a run in the
   * background and answers at once; GET lists the runs with their mismatches.
   */
  router.post(
    '/reconcileSuppliers',
    requireRole('admin'),
    validateBody(ZReconcileSuppliersRequest),
    async (req, res) => {
      const { date } = req.body as z.output<typeof ZReconcileSuppliersRequest>;
      const day = date ?? lagosToday();
      void reconcileSuppliers(ctx, day).catch((error: unknown) =>
        ctx.logger.error('supplier reconciliation failed', { day, error: String(error) }),
      );
      res.status(202).json({ msg: `Reconciling ${day} with the suppliers`, day });
    },
  );

  router.get('/reconcileSuppliers', requireRole('admin'), async (_req, res) => {
    res.json({ runs: await reconciliationRuns(ctx) });
  });

  return router;
};
