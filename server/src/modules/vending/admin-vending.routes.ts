import { asc, eq, sql } from 'drizzle-orm';
import { Router } from 'express';
import type { z } from 'zod';
import {
  ZRefundRequest,
  ZSandboxFloatRequest,
  ZServiceStatusRequest,
  ZSupplierRequest,
  ZUssdCodeRequest,
} from '@vendo/shared/schemas/admin';
import type { AppContext } from '../../app-context.ts';
import { networkSettings, services, transactions, ussdCodes } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { validateBody } from '../../middleware/validate.ts';
import { topUpSandboxFloat } from '../../sandbox/vending/sandbox-store.ts';
import { currentUser, requireRole } from '../../middleware/auth.ts';
import { toPublicTransaction } from '../transactions/transactions.mapper.ts';
import { users } from '../../db/schema/index.ts';
import { staffRefund, staffRequery } from './purchase.service.ts';

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
    validateBody(ZRefundRequest),
    async (req, res) => {
      const { reason } = req.body as z.output<typeof ZRefundRequest>;
      res.json(
        await staffRefund(ctx, { id: String(req.params.id), actor: currentUser(req), reason }),
      );
    },
  );

  /** Re-query an unsettled purchase now. */
  router.post('/requery/:id', requireRole('agent'), async (req, res) => {
    res.json(await staffRequery(ctx, { id: String(req.params.id), actor: currentUser(req) }));
  });

  /** The admin queue: purchases still unsettled, oldest first, with those past the SLA marked. */
  router.get('/pending', requireRole('agent'), async (_req, res) => {
    const rows = await ctx.db
      .select({ t: transactions, userName: users.userName })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .where(sql`${transactions.status} in ('processing', 'pending')`)
      .orderBy(asc(transactions.createdAt))
      .limit(200);
    res.json({
      transactions: rows.map((r) => ({
        ...toPublicTransaction({ ...r.t, userName: r.userName }, { withProfit: true }),
        escalated: r.t.escalatedAt !== null,
        attempts: r.t.attempts,
      })),
    });
  });

  router.get('/supplier', requireRole('admin'), async (_req, res) => {
    const rows = await ctx.db.select().from(networkSettings);
    res.json(rows.map((r) => ({ network: r.network, supplierName: r.supplierName })));
  });

  router.post(
    '/supplier',
    requireRole('admin'),
    validateBody(ZSupplierRequest),
    async (req, res) => {
      const { network, supplierName } = req.body as z.output<typeof ZSupplierRequest>;
      await ctx.db
        .update(networkSettings)
        .set({ supplierName, updatedAt: sql`now()` })
        .where(eq(networkSettings.network, network));
      res.json({ msg: `${network} is now served by ${supplierName}` });
    },
  );

  router.get('/checkServices', requireRole('admin'), async (_req, res) => {
    res.json(await ctx.db.select().from(services).orderBy(asc(services.serviceName)));
  });

  router.post(
    '/updateServices',
    requireRole('admin'),
    validateBody(ZServiceStatusRequest),
    async (req, res) => {
      const { serviceName, serviceStatus } = req.body as z.output<typeof ZServiceStatusRequest>;
      await ctx.db
        .update(services)
        .set({ serviceStatus, updatedAt: sql`now()` })
        .where(eq(services.serviceName, serviceName));
      res.json({ msg: `${serviceName} is now ${serviceStatus ? 'available' : 'locked'}` });
    },
  );

  router.post('/ussd', requireRole('admin'), validateBody(ZUssdCodeRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZUssdCodeRequest>;
    if (body.id) {
      const updated = await ctx.db
        .update(ussdCodes)
        .set(body)
        .where(eq(ussdCodes.id, body.id))
        .returning();
      if (updated.length === 0) throw new AppError('NOT_FOUND', { msg: 'USSD code not found' });
    } else {
      await ctx.db.insert(ussdCodes).values(body);
    }
    res.json({
      msg: 'USSD codes updated',
      ussdCodes: await ctx.db
        .select()
        .from(ussdCodes)
        .orderBy(asc(ussdCodes.category), asc(ussdCodes.sortOrder)),
    });
  });

  /** Sandbox only: tops up a simulated supplier's float. */
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
