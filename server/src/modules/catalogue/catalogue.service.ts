import { NETWORKS, PLAN_LIST_KEYS, type TNetwork, type TUserType } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type { TDataPlan, TPriceRow, TSubscriptionPlans } from '@vendo/shared/schemas/catalogue';
import type { DbOrTx } from '../../db/client.ts';
import { listAvailablePlans, type DataPlanRow } from './catalogue.repository.ts';
import { planPriceKoboFor } from './pricing.ts';

const toDataPlan = (plan: DataPlanRow, userType: TUserType): TDataPlan => ({
  _id: plan.id,
  id: plan.planId,
  plan: plan.plan,
  plan_type: plan.planType,
  plan_network: plan.network as TNetwork,
  plan_amount: koboToNaira(planPriceKoboFor(plan, userType)),
  month_validate: plan.validity,
  my_price: koboToNaira(plan.smartEarnerPriceKobo),
  resellerPrice: koboToNaira(plan.resellerPriceKobo),
  apiPrice: koboToNaira(plan.apiPriceKobo),
  isAvailable: true,
});

/**
 * A plan as staff (admin or agent) get it from POST /prices: with the volume, cost and partner
 * price that an edit copied from this list needs (docs/product-rules.md#catalogue). Never for
 * customers.
 */
export const toStaffDataPlan = (plan: DataPlanRow, userType: TUserType): TDataPlan => ({
  ...toDataPlan(plan, userType),
  volumeRatio: plan.volumeMb / 1000,
  planCostPrice: koboToNaira(plan.costPriceKobo),
  partnerPrice: plan.partnerPriceKobo === null ? null : koboToNaira(plan.partnerPriceKobo),
});

/** One network's available plans, priced for the tier; with the staff fields for staff. */
export const networkPlansFor = async (
  db: DbOrTx,
  network: TNetwork,
  userType: TUserType,
  { staff }: { staff: boolean },
): Promise<TDataPlan[]> =>
  (await listAvailablePlans(db))
    .filter((plan) => plan.network === network)
    .map((plan) => (staff ? toStaffDataPlan(plan, userType) : toDataPlan(plan, userType)));

/** Available plans by network, priced for the tier (login, register and GET /auth answers). */
export const subscriptionPlansFor = async (
  db: DbOrTx,
  userType: TUserType,
): Promise<TSubscriptionPlans> => {
  const lists: TSubscriptionPlans = { MTN: [], GLO: [], AIRTEL: [], NMOBILE: [] };
  for (const plan of await listAvailablePlans(db)) {
    if (!NETWORKS.includes(plan.network as TNetwork)) continue;
    lists[PLAN_LIST_KEYS[plan.network as TNetwork]].push(toDataPlan(plan, userType));
  }
  return lists;
};

/** The public price list (docs/product-rules.md#catalogue): never a cost price. */
export const publicPriceRows = async (db: DbOrTx): Promise<TPriceRow[]> =>
  (await listAvailablePlans(db)).map((plan) => ({
    id: plan.planId,
    plan_network: plan.network as TNetwork,
    plan_type: plan.planType,
    plan: plan.plan,
    my_price: koboToNaira(plan.smartEarnerPriceKobo),
    resellerPrice: koboToNaira(plan.resellerPriceKobo),
    apiPrice: koboToNaira(plan.apiPriceKobo),
    month_validate: plan.validity,
  }));
