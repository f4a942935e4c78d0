import { MTN_DATA_TYPES, type TNetwork } from '@vendo/shared/constants';
import { formatNairaAmount } from '@vendo/shared/money';
import type { TDataPlan } from '@vendo/shared/schemas/catalogue';

/** The validity is the first two words of month_validate. */
export const planValidity = (plan: TDataPlan): string =>
  plan.month_validate.trim().split(/\s+/).slice(0, 2).join(' ');

/** A data option's label: network, plan, naira amount, validity, type. */
export const planLabel = (plan: TDataPlan): string =>
  `${plan.plan_network} ${plan.plan} · ${formatNairaAmount(plan.plan_amount)} · ${planValidity(plan)} · ${plan.plan_type}`;

/** What the receipt calls the product: "MTN 1GB SME data (30 days)". */
export const planProduct = (plan: TDataPlan): string =>
  `${plan.plan_network} ${plan.plan} ${plan.plan_type} data (${planValidity(plan)})`;

/** The server lists available plans only; a plan flagged unavailable is never offered anyway. */
export const availablePlans = (plans: readonly TDataPlan[]): TDataPlan[] =>
  plans.filter((plan) => (plan as TDataPlan & { isAvailable?: boolean }).isAvailable !== false);

/** MTN data types that have plans, in this order (SME, SME2, CG, COUPON, DIRECT, others). */
export const dataTypesOf = (plans: readonly TDataPlan[]): string[] => {
  const rank = (type: string) => {
    const index = (MTN_DATA_TYPES as readonly string[]).indexOf(type);
    return index === -1 ? MTN_DATA_TYPES.length : index;
  };
  return [...new Set(plans.map((plan) => plan.plan_type))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
};

/** Options follow the network, and for MTN also a data type ('select type' first). */
export const plansFor = (
  plans: readonly TDataPlan[],
  network: TNetwork | '',
  dataType: string,
): TDataPlan[] => {
  if (!network) return [];
  if (network !== 'MTN') return [...plans];
  return dataType ? plans.filter((plan) => plan.plan_type === dataType) : [];
};
