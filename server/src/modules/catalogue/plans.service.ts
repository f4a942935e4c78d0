import type { TNetwork } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type {
  TManagedPlan,
  TPlanPriceChange,
  TPriceChange,
  ZCostPriceRequest,
  ZPlanRequest,
  ZPlanUpdateRequest,
  ZUpdatePriceRequest,
} from '@vendo/shared/schemas/catalogue-admin';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { PlanPrices, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { DataPlanRow } from './catalogue.repository.ts';
import { planCostKobo, priceOrderProblem, rescaledKobo, type PlanPriceSet } from './pricing.ts';
import {
  erasePlan,
  findLivePlan,
  insertPlan,
  listNetworkCosts,
  listNetworkPlans,
  listPriceHistory,
  lockPlansOfType,
  networkCostPerGb,
  planHasPurchases,
  planIdTaken,
  pricesOf,
  recordPriceChange,
  retirePlan,
  setNetworkCost,
  updatePlan,
  type NewPlan,
} from './plans.repository.ts';
import { inTransaction } from '../../db/retry.ts';

/**
 * The catalogue back office: admins add, change and retire plans and set cost prices; admins and
 * agents change prices. Every change is one transaction with its audit row and, for prices, its
 * price-history row. Purchases read plans fresh, so a change applies to the next purchase in
 * every process.
 */

type PlanInput = z.output<typeof ZPlanRequest>;
type PlanUpdateInput = z.output<typeof ZPlanUpdateRequest>;
type PriceInput = z.output<typeof ZUpdatePriceRequest>;

const naira = (kobo: number) => koboToNaira(kobo, { allowNegative: true });

/** A plan as the plan page shows it, with its margin per tier at today's cost. */
export const toManagedPlan = (plan: DataPlanRow, networkCostPerGbKobo: number): TManagedPlan => {
  const cost = planCostKobo(plan, networkCostPerGbKobo);
  return {
    _id: plan.id,
    plan: plan.plan,
    planType: plan.planType,
    planId: plan.planId,
    volumeRatio: plan.volumeMb / 1000,
    planValidity: plan.validity,
    planCostPrice: koboToNaira(plan.costPriceKobo),
    effectiveCostPrice: koboToNaira(cost),
    smartEarnerPrice: koboToNaira(plan.smartEarnerPriceKobo),
    resellerPrice: koboToNaira(plan.resellerPriceKobo),
    apiPrice: koboToNaira(plan.apiPriceKobo),
    partnerPrice: plan.partnerPriceKobo === null ? null : koboToNaira(plan.partnerPriceKobo),
    isAvailable: plan.isAvailable,
    plan_network: plan.network as TNetwork,
    margins: {
      smartEarner: naira(plan.smartEarnerPriceKobo - cost),
      reseller: naira(plan.resellerPriceKobo - cost),
      api: naira(plan.apiPriceKobo - cost),
    },
  };
};

export const listPlans = async (ctx: AppContext, network: TNetwork): Promise<TManagedPlan[]> => {
  const [plans, costPerGb] = await Promise.all([
    listNetworkPlans(ctx.db, network),
    networkCostPerGb(ctx.db, network),
  ]);
  return plans.map((plan) => toManagedPlan(plan, costPerGb));
};

const assertPriceOrder = (prices: PlanPriceSet, label?: string) => {
  const problem = priceOrderProblem(prices);
  if (problem) {
    throw new AppError('VALIDATION_ERROR', { msg: label ? `${label}: ${problem}` : problem });
  }
};

/**
 * The plan id an admin enters is the one the suppliers know (as in the original system), so an
 * added plan is ordered from either supplier by that id.
 */
const sameIdAtEverySupplier = (planId: string): Record<string, string> => ({
  ALARO: planId,
  GLAD: planId,
});

const planFields = (input: PlanInput): NewPlan => ({
  network: input.planNetwork,
  plan: input.planName,
  planType: input.planType.toUpperCase(),
  planId: input.planId,
  volumeMb: Math.round(input.planVolumeRatio * 1000),
  validity: input.planValidity,
  costPriceKobo: input.planCostPrice ?? 0,
  smartEarnerPriceKobo: input.smartEarnerPrice,
  resellerPriceKobo: input.resellerPrice,
  apiPriceKobo: input.apiPrice,
  partnerPriceKobo: input.partnerPrice ?? null,
  isAvailable: input.planAvailability ?? true,
  supplierPlanIds: sameIdAtEverySupplier(input.planId),
});

const duplicatePlanId = (network: string, planId: string) =>
  new AppError('CONFLICT', { msg: `${network} already has a plan with plan id ${planId}` });

const planNotFound = () =>
  new AppError('NOT_FOUND', { msg: 'That plan does not exist (it may have been deleted)' });

/** POST /dataPlan/add (admin). */
export const addPlan = async (ctx: AppContext, actor: UserRow, input: PlanInput) => {
  const fields = planFields(input);
  assertPriceOrder(fields);
  const plan = await inTransaction(ctx.db, async (tx) => {
    if (await planIdTaken(tx, fields.network, fields.planId)) {
      throw duplicatePlanId(fields.network, fields.planId);
    }
    const row = await insertPlan(tx, fields);
    await recordPriceChange(tx, {
      planId: row.id,
      actorId: actor.id,
      before: null,
      after: pricesOf(row),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'plan.add',
      targetType: 'data_plan',
      targetId: row.id,
      after: { ...fields },
    });
    return row;
  });
  return toManagedPlan(plan, await networkCostPerGb(ctx.db, plan.network));
};

/**
 * A plan's fields after an update that carries only what changes: an absent field keeps its
 * value; a null cost price is the network's cost, a null partner price none.
 */
const updatedFields = (before: DataPlanRow, input: PlanUpdateInput): NewPlan => {
  const planId = input.planId ?? before.planId;
  return {
    network: input.planNetwork ?? before.network,
    plan: input.planName ?? before.plan,
    planType: input.planType?.toUpperCase() ?? before.planType,
    planId,
    volumeMb:
      input.planVolumeRatio === undefined
        ? before.volumeMb
        : Math.round(input.planVolumeRatio * 1000),
    validity: input.planValidity ?? before.validity,
    costPriceKobo:
      input.planCostPrice === undefined ? before.costPriceKobo : (input.planCostPrice ?? 0),
    smartEarnerPriceKobo: input.smartEarnerPrice ?? before.smartEarnerPriceKobo,
    resellerPriceKobo: input.resellerPrice ?? before.resellerPriceKobo,
    apiPriceKobo: input.apiPrice ?? before.apiPriceKobo,
    partnerPriceKobo:
      input.partnerPrice === undefined ? before.partnerPriceKobo : input.partnerPrice,
    isAvailable: input.planAvailability ?? before.isAvailable,
    supplierPlanIds: sameIdAtEverySupplier(planId),
  };
};

/** PATCH /dataPlan/update (admin): the fields it carries, by `_id`. */
export const changePlan = async (ctx: AppContext, actor: UserRow, input: PlanUpdateInput) => {
  const id = input._id;
  const plan = await inTransaction(ctx.db, async (tx) => {
    const before = await findLivePlan(tx, id, { forUpdate: true });
    if (!before) throw planNotFound();
    const fields = updatedFields(before, input);
    if (await planIdTaken(tx, fields.network, fields.planId, id)) {
      throw duplicatePlanId(fields.network, fields.planId);
    }
    assertPriceOrder(fields);
    // A plan whose suppliers know it by another id (the seeded catalogue) keeps that mapping.
    const mappedElsewhere = Object.values(before.supplierPlanIds).some((v) => v !== before.planId);
    const after = await updatePlan(
      tx,
      id,
      mappedElsewhere ? { ...fields, supplierPlanIds: before.supplierPlanIds } : fields,
    );
    await recordPriceChange(tx, {
      planId: id,
      actorId: actor.id,
      before: pricesOf(before),
      after: pricesOf(after),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'plan.update',
      targetType: 'data_plan',
      targetId: id,
      before: { ...before },
      after: { ...after },
    });
    return after;
  });
  return toManagedPlan(plan, await networkCostPerGb(ctx.db, plan.network));
};

/**
 * DELETE /dataPlan/delete (admin). A plan with purchases is retired (hidden from buyers and the
 * plan page, kept for its receipts); one nobody bought is erased.
 */
export const deletePlan = async (
  ctx: AppContext,
  actor: UserRow,
  id: string,
): Promise<{ msg: string; retired: boolean }> =>
  inTransaction(ctx.db, async (tx) => {
    const plan = await findLivePlan(tx, id, { forUpdate: true });
    if (!plan) throw planNotFound();
    const retired = await planHasPurchases(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: retired ? 'plan.retire' : 'plan.delete',
      targetType: 'data_plan',
      targetId: id,
      before: { ...plan },
    });
    if (retired) await retirePlan(tx, id);
    else await erasePlan(tx, id);
    return {
      msg: retired
        ? `${plan.network} ${plan.plan} ${plan.planType} is deleted (kept for its past receipts)`
        : `${plan.network} ${plan.plan} ${plan.planType} is deleted`,
      retired,
    };
  });

const tierPrices = (
  p: Pick<DataPlanRow, 'smartEarnerPriceKobo' | 'resellerPriceKobo' | 'apiPriceKobo'>,
) => ({
  price: koboToNaira(p.smartEarnerPriceKobo),
  reseller: koboToNaira(p.resellerPriceKobo),
  api: koboToNaira(p.apiPriceKobo),
});

/**
 * POST /admin/updatePrice (admin and agent). For a 1 GB plan the given prices are per GB and
 * every plan of its network and type is rescaled by volume (to whole naira); for any other plan
 * only that plan changes. Tiers not given keep their price. `preview` answers without applying.
 */
export const updatePrices = async (
  ctx: AppContext,
  actor: UserRow,
  { dataId, newPrice, preview }: PriceInput,
): Promise<{ msg: string; applied: boolean; changes: TPriceChange[] }> =>
  inTransaction(ctx.db, async (tx) => {
    const target = await findLivePlan(tx, dataId, { forUpdate: true });
    if (!target) throw planNotFound();
    const perGb = target.volumeMb === 1000;
    const plans = perGb ? await lockPlansOfType(tx, target.network, target.planType) : [target];
    const priceFor = (given: number | undefined, current: number, volumeMb: number) =>
      given === undefined ? current : perGb ? rescaledKobo(given, volumeMb) : given;
    const updates = plans.map((plan) => ({
      plan,
      next: {
        smartEarnerPriceKobo: priceFor(newPrice.price, plan.smartEarnerPriceKobo, plan.volumeMb),
        resellerPriceKobo: priceFor(newPrice.reseller, plan.resellerPriceKobo, plan.volumeMb),
        apiPriceKobo: priceFor(newPrice.api, plan.apiPriceKobo, plan.volumeMb),
      },
    }));
    for (const { plan, next } of updates) {
      assertPriceOrder({ ...plan, ...next }, `${plan.network} ${plan.plan} ${plan.planType}`);
    }
    const changes = updates.map(({ plan, next }) => ({
      _id: plan.id,
      plan: plan.plan,
      planType: plan.planType,
      plan_network: plan.network as TNetwork,
      before: tierPrices(plan),
      after: tierPrices(next),
    }));
    if (preview) {
      return { msg: `${changes.length} plan(s) would change`, applied: false, changes };
    }
    for (const { plan, next } of updates) {
      const after = await updatePlan(tx, plan.id, next);
      await recordPriceChange(tx, {
        planId: plan.id,
        actorId: actor.id,
        before: pricesOf(plan),
        after: pricesOf(after),
      });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'plan.price',
      targetType: 'data_plan',
      targetId: target.id,
      before: { plans: changes.map((c) => ({ _id: c._id, ...c.before })) },
      after: { plans: changes.map((c) => ({ _id: c._id, ...c.after })), perGb },
    });
    return { msg: 'Price updated successfully', applied: true, changes };
  });

const pricesInNaira = (p: PlanPrices) => ({
  costPrice: koboToNaira(p.costPriceKobo),
  smartEarnerPrice: koboToNaira(p.smartEarnerPriceKobo),
  resellerPrice: koboToNaira(p.resellerPriceKobo),
  apiPrice: koboToNaira(p.apiPriceKobo),
  partnerPrice: p.partnerPriceKobo === null ? null : koboToNaira(p.partnerPriceKobo),
  isAvailable: p.isAvailable,
});

/** GET /dataPlan/history/:id (admin): every price, cost and availability change of a plan. */
export const planHistory = async (ctx: AppContext, id: string): Promise<TPlanPriceChange[]> => {
  const rows = await listPriceHistory(ctx.db, id);
  return rows.map((row) => ({
    at: row.createdAt.toISOString(),
    by: row.by,
    before: row.before ? pricesInNaira(row.before) : null,
    after: pricesInNaira(row.after),
  }));
};

/** GET /admin/costPrice (admin): each network's cost per GB. */
export const costPrices = async (ctx: AppContext) =>
  (await listNetworkCosts(ctx.db)).map((row) => ({
    network: row.network as TNetwork,
    costPrice: koboToNaira(row.costPriceKobo),
  }));

/** POST /admin/costPrice (admin). */
export const setCostPrice = async (
  ctx: AppContext,
  actor: UserRow,
  { network, costPrice }: z.output<typeof ZCostPriceRequest>,
): Promise<{ msg: string }> =>
  inTransaction(ctx.db, async (tx) => {
    const change = await setNetworkCost(tx, network, costPrice);
    if (!change) throw new AppError('NOT_FOUND', { msg: 'Please select a network' });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'network.cost_price',
      targetType: 'network',
      targetId: network,
      before: { costPriceKobo: change.before },
      after: { costPriceKobo: change.after },
    });
    return { msg: `${network} cost price is now ₦${koboToNaira(costPrice)} per GB` };
  });
