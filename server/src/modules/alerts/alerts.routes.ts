import { Router } from 'express';
import type { AppContext } from '../../app-context.ts';
import { requireRole } from '../../middleware/auth.ts';
import { listAlerts } from './alerts.service.ts';

/** Alerts for staff (mounted under /admin, after authenticate). */
export const alertRoutes = (ctx: AppContext): Router => {
  const router = Router();

  router.get('/alerts', requireRole('agent'), async (_req, res) => {
    res.json({ alerts: await listAlerts(ctx.db) });
  });

  return router;
};
