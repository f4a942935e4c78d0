import type { TAuthResponse, TProfileResponse } from '@vendo/shared/schemas/auth.responses';
import type { TDataPlan, TPriceRow } from '@vendo/shared/schemas/catalogue';
import type { TContact } from '@vendo/shared/schemas/contacts.responses';
import type { TSiteInfo } from '@vendo/shared/schemas/site';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import type { TUser } from '@vendo/shared/schemas/user';

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

export const buildSession = (overrides: Partial<TAuthResponse> = {}): TAuthResponse => {
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
export const profileOf = (session: TAuthResponse): TProfileResponse => {
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

export const buildPlan = (overrides: Partial<TDataPlan> = {}): TDataPlan => ({
  _id: `plan-${overrides.id ?? '2'}`,
  id: '2',
  plan: '1GB',
  plan_type: 'SME',
  plan_network: 'MTN',
  plan_amount: 600,
  month_validate: '30 days validity',
  my_price: 600,
  resellerPrice: 580,
  apiPrice: 575,
  isAvailable: true,
  ...overrides,
});

export const buildTransaction = (overrides: Partial<TTransaction> = {}): TTransaction => ({
  _id: 'tx-1',
  trans_Id: 'VND2611210001',
  trans_Type: 'data',
  trans_Network: 'MTN',
  trans_Status: 'success',
  trans_amount: 600,
  trans_UserName: 'adaeze',
  phone_number: '08031234567',
  balance_Before: 5000,
  balance_After: 4400,
  paymentLink: null,
  apiResponse: null,
  apiResponseId: null,
  createdAt: '2026-11-21T10:30:00.000Z',
  ...overrides,
});

export const buildContact = (overrides: Partial<TContact> = {}): TContact => ({
  _id: 'contact-1',
  contactName: 'Mum',
  contactNumber: '08051234567',
  contactNetwork: 'GLO',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** GET /site's answer: the footer's contact details, the chat and top-up links, the fees. */
export const buildSite = (overrides: Partial<TSiteInfo> = {}): TSiteInfo => ({
  appName: 'Vendo',
  officeAddress: '12 Admiralty Way, Lekki, Lagos',
  phone: '0700 000 0000',
  emails: ['support@vendo.example'],
  chatUrl: 'https://chat.example/vendo',
  topUpUrl: 'https://pay.example/topup',
  fees: { fundPagePercent: 1, accountCardPercent: 1.08 },
  ...overrides,
});
