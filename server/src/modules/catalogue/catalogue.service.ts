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
