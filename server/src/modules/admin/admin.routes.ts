import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticate, requireRole } from '../auth/auth.middleware.ts';
import { listUsersForStaff } from './admin-users.service.ts';

const ZUserListQuery = z.object({
  phoneNumber: z.string().trim().max(20).optional(),
  userName: z.string().trim().max(60).optional(),
  type: z.string().trim().max(20).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

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
