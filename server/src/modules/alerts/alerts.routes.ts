import { Router } from 'express';
import { ZAlertIdParams, ZAlertsQuery } from '@vendo/shared/schemas/admin';
import type { AppContext } from '../../app-context.ts';
import { currentUser, requireRole } from '../../middleware/auth.ts';
import { parseInput } from '../../middleware/validate.ts';
import { acknowledgeAlert, listAlerts } from './alerts.service.ts';

/** Alerts for staff (mounted under /admin, after authenticate). */
export const alertRoutes = (ctx: AppContext): Router => {
  const router = Router();

  /** The latest alerts, newest first; `?open=true`: only unacknowledged ones. */
  router.get('/alerts', requireRole('agent'), async (req, res) => {
    const { open } = parseInput(ZAlertsQuery, req.query);
    res.json({ alerts: await listAlerts(ctx.db, { open: open ?? false }) });
  });

  router.post('/alerts/:id/acknowledge', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(ZAlertIdParams, req.params);
    res.json(await acknowledgeAlert(ctx, currentUser(req), id));
  });

  return router;
};
