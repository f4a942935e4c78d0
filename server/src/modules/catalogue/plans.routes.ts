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
import {
  ZServiceStatusRequest,
  ZSupplierRequest,
  ZUssdCodeRequest,
} from '@vendo/shared/schemas/admin';
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
import { listNetworkSuppliers, listServiceLocks } from './settings.repository.ts';
import { chooseSupplier, lockService, saveUssdCode } from './settings.service.ts';

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

/**
 * Catalogue settings under /admin, after authenticate: updatePrice (admins and agents), and for
 * admins costPrice, supplier, checkServices, updateServices, ussd.
 */
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

  router.get('/supplier', requireRole('admin'), async (_req, res) => {
    res.json(await listNetworkSuppliers(ctx.db));
  });

  router.post(
    '/supplier',
    requireRole('admin'),
    validateBody(ZSupplierRequest),
    async (req, res) => {
      const input = req.body as z.output<typeof ZSupplierRequest>;
      res.json(await chooseSupplier(ctx, currentUser(req), input));
    },
  );

  router.get('/checkServices', requireRole('admin'), async (_req, res) => {
    res.json(await listServiceLocks(ctx.db));
  });

  router.post(
    '/updateServices',
    requireRole('admin'),
    validateBody(ZServiceStatusRequest),
    async (req, res) => {
      const input = req.body as z.output<typeof ZServiceStatusRequest>;
      res.json(await lockService(ctx, currentUser(req), input));
    },
  );

  router.post('/ussd', requireRole('admin'), validateBody(ZUssdCodeRequest), async (req, res) => {
    const input = req.body as z.output<typeof ZUssdCodeRequest>;
    res.json(await saveUssdCode(ctx, currentUser(req), input));
  });

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
