import { Router } from 'express';
import { ZUserListQuery } from '@vendo/shared/schemas/admin';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticate, requireRole } from '../../middleware/auth.ts';
import { listUsersForStaff } from './admin-users.service.ts';

export const adminRoutes = (ctx: AppContext): Router => {
  const router = Router();
  router.use(authenticate(ctx));

  /** Staff user list (spec §7 GET /admin/users): admins and agents. */
  router.get('/users', requireRole('agent'), async (req, res) => {
    const query = ZUserListQuery.safeParse(req.query);
    if (!query.success) throw new AppError('VALIDATION_ERROR', { msg: 'Invalid filter' });
    res.json(await listUsersForStaff(ctx.db, query.data));
  });

  return router;
};
