import type { TAuthResponse, TPriceRow, TUser } from '@vendo/shared/types/api';
import type { TNotification } from '@/app/slices/auth.slice';

/** Test data builders: each call returns a fresh object, overrides win. */
export const buildUser = (overrides: Partial<TUser> = {}): TUser => ({
  _id: 'user-1',
  userName: 'adaeze',
  email: 'adaeze@example.com',
  phoneNumber: '08031234567',
  balance: 0,
  earningBalance: 0,
  userType: 'smart earner',
  fullName: null,
  referredBy: null,
  webhookUrl: null,
  nin: null,
  bvn: null,
  accountNumbers: [],
  reservedAccountNo3: null,
  isAdmin: false,
  isAgent: false,
  isCouponVendor: false,
  lastLogin: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  ...overrides,
});

export const buildSession = (
  overrides: Partial<TAuthResponse & { notification: TNotification | null }> = {},
): TAuthResponse & { notification: TNotification | null } => {
  const user = overrides.user ?? buildUser();
  return {
    token: 'token-1',
    subscriptionPlans: { MTN: [], GLO: [], AIRTEL: [], NMOBILE: [] },
    transactions: [],
    isAdmin: user.isAdmin,
    isCouponVendor: user.isCouponVendor,
    notification: null,
    ...overrides,
    user,
  };
};

/** The profile (GET /auth) answer for a session. */
export const profileOf = (session: TAuthResponse & { notification: TNotification | null }) => {
  const { token: _token, ...profile } = session;
  return profile;
};

export const buildPriceRow = (overrides: Partial<TPriceRow> = {}): TPriceRow => ({
  id: '1',
  plan_network: 'MTN',
  plan_type: 'SME',
  plan: '1GB',
  my_price: 270,
  resellerPrice: 265,
  apiPrice: 260,
  month_validate: '30 days validity',
  ...overrides,
});
