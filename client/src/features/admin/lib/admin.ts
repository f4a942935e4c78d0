import type { TUserType } from '@vendo/shared/constants';

/** Spec §4: the tier cycle an admin walks a user through: api user → smart earner → reseller. */
export const NEXT_TIER: Record<TUserType, TUserType> = {
  'api user': 'smart earner',
  'smart earner': 'reseller',
  reseller: 'api user',
};

/** Below ₦100 a balance shows red in the user list (spec §2 Users view). */
export const LOW_BALANCE_NAIRA = 100;
