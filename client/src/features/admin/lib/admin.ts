import type { TUserType } from '@vendo/shared/constants';

/**
 * The tier cycle an admin walks a user through: api user → smart earner → reseller
 * (docs/product-rules.md#tiers-and-prices).
 */
export const NEXT_TIER: Record<TUserType, TUserType> = {
  'api user': 'smart earner',
  'smart earner': 'reseller',
  reseller: 'api user',
};

/** Below ₦100 a balance shows red in the user list (docs/product-rules.md#staff-screens). */
export const LOW_BALANCE_NAIRA = 100;
