import { Router } from 'express';
import type { z } from 'zod';
import {
  ZCostPriceRequest,
  ZPlanDeleteQuery,
  ZPlanIdParams,
  ZPlanListQuery,
  ZPlanRequest,
  ZUpdatePriceRequest,
} from '@vendo/shared/schemas/catalogue-admin';
import {
  ZServiceStatusRequest,
  ZSupplierRequest,
  ZUssdCodeRequest,
} from '@vendo/shared/schemas/admin';
import type { AppContext } from '../../app-context.ts';
import { authenticate, currentUser, requireRole } from '../../middleware/auth.ts';
import { parseInput, validateBody } from '../../middleware/validate.ts';
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

/** /dataPlan/*: the plan page (admins; agents may list plans to change their prices). */
export const planRoutes = (ctx: AppContext): Router => {
  const router = Router();
  router.use(authenticate(ctx));

  router.get('/', requireRole('agent'), async (req, res) => {
    const { network } = parseInput(ZPlanListQuery, req.query);
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
    const { planId } = parseInput(ZPlanDeleteQuery, req.query);
    res.json(await deletePlan(ctx, currentUser(req), planId));
  });

  router.get('/history/:id', requireRole('admin'), async (req, res) => {
    const { id } = parseInput(ZPlanIdParams, req.params);
    res.json({ history: await planHistory(ctx, id) });
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
