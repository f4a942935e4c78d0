import type { TManagedPlan, TPlanRequest } from '@vendo/shared/schemas/catalogue-admin';

/** The add-plan dialog's fields as typed (wire names), and the availability tick. */
export type TPlanFormValues = {
  planNetwork: string;
  planName: string;
  planType: string;
  planVolumeRatio: string;
  planValidity: string;
  planId: string;
  smartEarnerPrice: string;
  resellerPrice: string;
  apiPrice: string;
  planCostPrice: string;
  partnerPrice: string;
  planAvailability: boolean;
};

/** A typed number is sent as a number; anything else as typed, for the schema to name. */
export const numberOrText = (value: string): number | string | undefined => {
  const text = value.trim();
  if (text === '') return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
};

export const emptyPlanForm = (network: string): TPlanFormValues => ({
  planNetwork: network,
  planName: '',
  planType: '',
  planVolumeRatio: '',
  planValidity: '30 days',
  planId: '',
  smartEarnerPrice: '',
  resellerPrice: '',
  apiPrice: '',
  planCostPrice: '',
  partnerPrice: '',
  planAvailability: true,
});

/** The dialog prefilled with a plan (edit mode). A cost of 0 means "the network's", so blank. */
export const planFormOf = (plan: TManagedPlan): TPlanFormValues => ({
  planNetwork: plan.plan_network,
  planName: plan.plan,
  planType: plan.planType,
  planVolumeRatio: String(plan.volumeRatio),
  planValidity: plan.planValidity,
  planId: plan.planId,
  smartEarnerPrice: String(plan.smartEarnerPrice),
  resellerPrice: String(plan.resellerPrice),
  apiPrice: String(plan.apiPrice),
  planCostPrice: plan.planCostPrice > 0 ? String(plan.planCostPrice) : '',
  partnerPrice: plan.partnerPrice === null ? '' : String(plan.partnerPrice),
  planAvailability: plan.isAvailable,
});

/** The body of POST /dataPlan/add (or PATCH /dataPlan/update with `_id`). */
export const planRequestOf = (values: TPlanFormValues, _id?: string): TPlanRequest => ({
  ...(_id ? { _id } : {}),
  planNetwork: values.planNetwork,
  planName: values.planName,
  planType: values.planType,
  planVolumeRatio: numberOrText(values.planVolumeRatio) as number,
  planValidity: values.planValidity,
  planId: values.planId,
  smartEarnerPrice: numberOrText(values.smartEarnerPrice) as number,
  resellerPrice: numberOrText(values.resellerPrice) as number,
  apiPrice: numberOrText(values.apiPrice) as number,
  // An edit sends a blank price as null, which clears it (an absent field would keep it).
  planCostPrice: numberOrText(values.planCostPrice) ?? (_id ? null : undefined),
  partnerPrice: numberOrText(values.partnerPrice) ?? (_id ? null : undefined),
  planAvailability: values.planAvailability,
});

/** A plan as it is, with availability changed: the toggle's PATCH /dataPlan/update body. */
export const availabilityRequest = (plan: TManagedPlan, isAvailable: boolean): TPlanRequest =>
  planRequestOf({ ...planFormOf(plan), planAvailability: isAvailable }, plan._id);
