import { asc, eq, sql } from 'drizzle-orm';
import { Router } from 'express';
import type { z } from 'zod';
import {
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
import { currentUser, requireRole } from '../auth/auth.middleware.ts';
import { toPublicTransaction } from '../transactions/transactions.mapper.ts';
import { users } from '../../db/schema/index.ts';
import { UNSETTLED } from './purchase.repository.ts';
import { refundPurchase } from './purchase.service.ts';
import { findPurchase, reconcilePurchase } from './reconciler.ts';
import { invalidatePurchaseCatalogue } from './purchase-cache.ts';
import { listAlerts } from '../alerts/alerts.service.ts';

const PURCHASE_TYPES = ['data', 'airtime', 'electricity'];

/** Staff tools for purchases, suppliers and services (mounted under /admin, after authenticate). */
export const adminVendingRoutes = (ctx: AppContext): Router => {
  const router = Router();

  /**
   * Refund a purchase (admin or agent). An unsettled one is re-queried first: if the supplier
   * delivered, it is booked as a sale and not refunded. Refunds happen once, however many race.
   */
  router.post('/refund/:id', requireRole('agent'), async (req, res) => {
    const purchase = await findPurchase(ctx, String(req.params.id));
    if (!purchase) throw new AppError('NOT_FOUND', { msg: 'Transaction not found' });
    if (!PURCHASE_TYPES.includes(purchase.type)) {
      throw new AppError('VALIDATION_ERROR', {
        msg: 'Only data, airtime and electricity purchases can be refunded',
      });
    }
    if (purchase.status === 'refunded' || purchase.status === 'failed') {
      throw new AppError('CONFLICT', { msg: 'This transaction has already been refunded' });
    }
    let current = purchase;
    if ((UNSETTLED as readonly string[]).includes(purchase.status)) {
      const result = await reconcilePurchase(ctx, purchase);
      current = (await findPurchase(ctx, purchase.id))!;
      if (result.outcome === 'success' && current.status === 'success') {
        res.status(409).json({
          msg: 'The supplier confirms this purchase was delivered, so it was not refunded',
          code: 'CONFLICT',
        });
        return;
      }
    }
    if (current.status !== 'refunded') {
      const moved = await refundPurchase(ctx, current, { from: [current.status] });
      if (!moved)
        throw new AppError('CONFLICT', {
          msg: 'This transaction was settled by someone else just now',
        });
    }
    ctx.logger.info('purchase refunded by staff', {
      transactionId: purchase.id,
      by: currentUser(req).id,
    });
    res.json({ msg: 'Transaction refunded' });
  });

  /** Re-query an unsettled purchase now. */
  router.post('/requery/:id', requireRole('agent'), async (req, res) => {
    const purchase = await findPurchase(ctx, String(req.params.id));
    if (!purchase || !PURCHASE_TYPES.includes(purchase.type))
      throw new AppError('NOT_FOUND', { msg: 'Transaction not found' });
    if (!(UNSETTLED as readonly string[]).includes(purchase.status)) {
      res.json({ msg: `Transaction is already ${purchase.status}`, status: purchase.status });
      return;
    }
    const result = await reconcilePurchase(ctx, purchase);
    const current = (await findPurchase(ctx, purchase.id))!;
    res.json({ msg: `Supplier says: ${result.message}`, status: current.status });
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

  router.get('/alerts', requireRole('agent'), async (_req, res) => {
    res.json({
      alerts: await listAlerts(ctx.db),
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
      invalidatePurchaseCatalogue(ctx);
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
      invalidatePurchaseCatalogue(ctx);
      res.json({ msg: `${serviceName} is now ${serviceStatus ? 'available' : 'locked'}` });
    },
  );

  router.post('/ussd', requireRole('admin'), validateBody(ZUssdCodeRequest), async (req, res) => {
    const body = req.body as { id?: number; category: string; label: string; code: string };
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
