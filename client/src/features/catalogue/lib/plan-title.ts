/** 'MTN 1GB SME': how the plan page names a plan (buttons, previews, history). */
export const planTitle = (plan: { plan_network: string; plan: string; planType: string }) =>
  `${plan.plan_network} ${plan.plan} ${plan.planType}`;
