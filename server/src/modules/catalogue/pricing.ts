import { AIRTIME_RATE_BP, ELECTRICITY_FEE_KOBO, type TUserType } from '@vendo/shared/constants';
import { basisPointsOfKobo } from '@vendo/shared/money';
import type { DataPlanRow } from './catalogue.repository.ts';

/** Every price rule of the catalogue, in one place: what a tier pays, and what it costs us. */

export type Price = { chargeKobo: number; costKobo: number };

/** The price a tier pays for a plan, in kobo. */
export const planPriceKoboFor = (plan: DataPlanRow, userType: TUserType): number =>
  userType === 'reseller'
    ? plan.resellerPriceKobo
    : userType === 'api user'
      ? plan.apiPriceKobo
      : plan.smartEarnerPriceKobo;

/**
 * Data: the tier's plan price; cost is the plan's cost price, or the network's cost per GB ×
 * the plan's volume when the plan has none.
 */
export const priceData = (
  plan: DataPlanRow,
  userType: TUserType,
  networkCostPerGbKobo: number,
): Price => ({
  chargeKobo: planPriceKoboFor(plan, userType),
  costKobo: planCostKobo(plan, networkCostPerGbKobo),
});

/** Airtime: 98% of face value for resellers, 99% otherwise; cost at the supplier's rate. */
export const priceAirtime = (
  amountKobo: number,
  userType: TUserType,
  costBasisPoints: number,
): Price => ({
  chargeKobo: basisPointsOfKobo(amountKobo, AIRTIME_RATE_BP[userType]),
  costKobo: basisPointsOfKobo(amountKobo, costBasisPoints),
});

/** Electricity: the token's amount plus ₦50; the supplier charges the amount. */
export const priceElectricity = (amountKobo: number): Price => ({
  chargeKobo: amountKobo + ELECTRICITY_FEE_KOBO,
  costKobo: amountKobo,
});

/** A plan's prices in kobo, as the order rule reads them. */
export type PlanPriceSet = {
  costPriceKobo: number;
  apiPriceKobo: number;
  resellerPriceKobo: number;
  smartEarnerPriceKobo: number;
  partnerPriceKobo?: number | null;
};

/**
 * Tier prices keep their order: cost ≤ API ≤ reseller ≤ smart earner (a better tier never pays
 * more), and no tier sells below cost. A cost of 0 means the network's cost per GB applies.
 * Returns the first rule broken, in words, or null.
 */
export const priceOrderProblem = (p: PlanPriceSet): string | null => {
  if (p.smartEarnerPriceKobo <= 0 || p.resellerPriceKobo <= 0 || p.apiPriceKobo <= 0) {
    return 'Every price must be above ₦0';
  }
  if (p.costPriceKobo > p.apiPriceKobo) return 'The API price must not be below the cost price';
  if (p.apiPriceKobo > p.resellerPriceKobo) {
    return 'The reseller price must not be below the API price';
  }
  if (p.resellerPriceKobo > p.smartEarnerPriceKobo) {
    return 'The smart earner price must not be below the reseller price';
  }
  if (p.partnerPriceKobo != null && p.partnerPriceKobo < p.costPriceKobo) {
    return 'The partner price must not be below the cost price';
  }
  return null;
};

/** The cost of one sale of a plan: its own cost price, else the network's cost per GB × volume. */
export const planCostKobo = (
  plan: Pick<DataPlanRow, 'costPriceKobo' | 'volumeMb'>,
  networkCostPerGbKobo: number,
): number =>
  plan.costPriceKobo > 0
    ? plan.costPriceKobo
    : Math.round((networkCostPerGbKobo * plan.volumeMb) / 1000);

/**
 * A per-GB price rescaled to a plan's volume (the 1 GB plan's price update applies to every plan
 * of its type): rounded to whole naira, as customers see prices.
 */
export const rescaledKobo = (perGbKobo: number, volumeMb: number): number =>
  Math.round((perGbKobo * volumeMb) / 1000 / 100) * 100;
