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
  costKobo:
    plan.costPriceKobo > 0
      ? plan.costPriceKobo
      : Math.round((networkCostPerGbKobo * plan.volumeMb) / 1000),
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
