import { Router } from 'express';
import type { z } from 'zod';
import {
  ZAuditQuery,
  ZResetUserPasswordRequest,
  ZRoleRequest,
  ZSalesChartQuery,
  ZUpgradeUserParams,
  ZUserCsvQuery,
  ZUserListQuery,
} from '@vendo/shared/schemas/admin';
import type { AppContext } from '../../app-context.ts';
import { sendCsv } from '../../lib/send-csv.ts';
import { authenticate, currentUser, requireRole } from '../../middleware/auth.ts';
import { parseInput as parse, validateBody } from '../../middleware/validate.ts';
import {
  adminDashboard,
  auditLogPage,
  resetUserPassword,
  setRole,
  setUserType,
  userForStaff,
} from './admin-people.service.ts';
import { salesChart } from './admin-sales.service.ts';
import { listUsersForStaff, usersCsv } from './admin-users.service.ts';

export const adminRoutes = (ctx: AppContext): Router => {
  const router = Router();
  router.use(authenticate(ctx));

  /** The admin's details and the business at a glance (spec §7 GET /admin/). */
  router.get('/', requireRole('admin'), async (req, res) => {
    res.json(await adminDashboard(ctx, currentUser(req)));
  });

  /** Sales and profit per Lagos day and network (the dashboard's chart), `?days=` 1–90. */
  router.get('/salesChart', requireRole('admin'), async (req, res) => {
    res.json(await salesChart(ctx, parse(ZSalesChartQuery, req.query)));
  });

  /** Staff user list (spec §7 GET /admin/users): admins and agents. */
  router.get('/users', requireRole('agent'), async (req, res) => {
    res.json(await listUsersForStaff(ctx.db, parse(ZUserListQuery, req.query)));
  });

  /**
   * The same list as CSV, every page (admins and agents): streamed a page at a time with
   * backpressure, named after its row range.
   */
  router.get('/users.csv', requireRole('agent'), async (req, res) => {
    const { fileName, lines } = await usersCsv(ctx.db, parse(ZUserCsvQuery, req.query));
    await sendCsv(res, { fileName, lines, logger: ctx.logger, what: 'users export' });
  });

  router.get('/users/:id', requireRole('agent'), async (req, res) => {
    res.json({ user: await userForStaff(ctx, String(req.params.id)) });
  });

  router.get('/upgradeUser/:userId/:userType', requireRole('admin'), async (req, res) => {
    const { userId, userType } = parse(ZUpgradeUserParams, req.params);
    res.json(await setUserType(ctx, currentUser(req), userId, userType));
  });

  router.post(
    '/resetUserPassword',
    requireRole('admin'),
    validateBody(ZResetUserPasswordRequest),
    async (req, res) => {
      const { userId } = req.body as z.output<typeof ZResetUserPasswordRequest>;
      const { msg } = await resetUserPassword(ctx, currentUser(req), userId);
      res.json({ msg });
    },
  );

  router.post('/roles', requireRole('admin'), validateBody(ZRoleRequest), async (req, res) => {
    res.json(await setRole(ctx, currentUser(req), req.body as z.output<typeof ZRoleRequest>));
  });

  router.get('/audit', requireRole('admin'), async (req, res) => {
    res.json(await auditLogPage(ctx, parse(ZAuditQuery, req.query)));
  });

  return router;
};
