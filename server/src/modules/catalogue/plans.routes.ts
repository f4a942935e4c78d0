import { Router } from 'express';
import type { z } from 'zod';
import {
  ZCostPriceRequest,
  ZPlanDeleteQuery,
  ZPlanListQuery,
  ZPlanRequest,
  ZUpdatePriceRequest,
} from '@vendo/shared/schemas/catalogue-admin';
import { firstIssueMessage } from '@vendo/shared/schemas/auth';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticate, currentUser, requireRole } from '../../middleware/auth.ts';
import { validateBody } from '../../middleware/validate.ts';
import {
  addPlan,
  changePlan,
  costPrices,
  deletePlan,
  listPlans,
  planHistory,
  setCostPrice,
  updatePrices,
} from './plans.service.ts';

const parseQuery = <S extends z.ZodType>(schema: S, query: unknown): z.output<S> => {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw new AppError('VALIDATION_ERROR', { msg: firstIssueMessage(parsed.error) });
  }
  return parsed.data;
};

/** /dataPlan/*: the plan page (admins; agents may list plans to change their prices). */
export const planRoutes = (ctx: AppContext): Router => {
  const router = Router();
  router.use(authenticate(ctx));

  router.get('/', requireRole('agent'), async (req, res) => {
    const { network } = parseQuery(ZPlanListQuery, req.query);
    res.json({ plans: await listPlans(ctx, network) });
  });

  router.post('/add', requireRole('admin'), validateBody(ZPlanRequest), async (req, res) => {
    const input = req.body as z.output<typeof ZPlanRequest>;
    const plan = await addPlan(ctx, currentUser(req), input);
    res.status(201).json({ msg: 'Plan added successfully', plan });
  });

  router.patch('/update', requireRole('admin'), validateBody(ZPlanRequest), async (req, res) => {
    const input = req.body as z.output<typeof ZPlanRequest>;
    const plan = await changePlan(ctx, currentUser(req), input);
    res.json({ msg: 'Plan updated successfully', plan });
  });

  router.delete('/delete', requireRole('admin'), async (req, res) => {
    const { planId } = parseQuery(ZPlanDeleteQuery, req.query);
    res.json(await deletePlan(ctx, currentUser(req), planId));
  });

  router.get('/history/:id', requireRole('admin'), async (req, res) => {
    res.json({ history: await planHistory(ctx, String(req.params.id)) });
  });

  return router;
};

/** /admin/updatePrice (admins and agents) and /admin/costPrice (admins); after authenticate. */
export const priceAdminRoutes = (ctx: AppContext): Router => {
  const router = Router();

  router.post(
    '/updatePrice',
    requireRole('agent'),
    validateBody(ZUpdatePriceRequest),
    async (req, res) => {
      const input = req.body as z.output<typeof ZUpdatePriceRequest>;
      res.json(await updatePrices(ctx, currentUser(req), input));
    },
  );

  router.get('/costPrice', requireRole('admin'), async (_req, res) => {
    res.json(await costPrices(ctx));
  });

  router.post(
    '/costPrice',
    requireRole('admin'),
    validateBody(ZCostPriceRequest),
    async (req, res) => {
      const input = req.body as z.output<typeof ZCostPriceRequest>;
      res.json(await setCostPrice(ctx, currentUser(req), input));
    },
  );

  return router;
};
