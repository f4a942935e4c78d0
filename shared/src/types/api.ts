import type { TNetwork, TTransactionStatus, TTransactionType, TUserType } from '../constants.ts';

/**
 * Wire types of the API (spec §3, §7). Amounts on the wire are naira numbers with at most two
 * decimals; inside the server they are integer kobo.
 */

export type TAccountNumber = { bankName: string; accountNumber: string; accountName?: string };

/** A user as the API shows it: never a password hash, token, PIN or full BVN/NIN. */
export type TUser = {
  _id: string;
  userName: string;
  email: string;
  phoneNumber: string;
  balance: number;
  earningBalance: number;
  userType: TUserType;
  fullName: string | null;
  referredBy: string | null;
  webhookUrl: string | null;
  /** Last digits only, e.g. '*******8901'; null when not provided. */
  nin: string | null;
  bvn: string | null;
  accountNumbers: TAccountNumber[];
  reservedAccountNo3: string | null;
  isAdmin: boolean;
  isAgent: boolean;
  isCouponVendor: boolean;
  lastLogin: string | null;
  createdAt: string;
};

/** Data plan in the purchase list, priced for the caller's tier (spec "Data plan"). */
export type TDataPlan = {
  _id: string;
  id: string;
  plan: string;
  plan_type: string;
  plan_network: TNetwork;
  plan_amount: number;
  month_validate: string;
  my_price: number;
  resellerPrice: number;
  apiPrice: number;
};

export type TSubscriptionPlans = {
  MTN: TDataPlan[];
  GLO: TDataPlan[];
  AIRTEL: TDataPlan[];
  NMOBILE: TDataPlan[];
};

/** Public price-list row (spec "Price row"); never a cost price. */
export type TPriceRow = {
  id: string;
  plan_network: TNetwork;
  plan_type: string;
  plan: string;
  my_price: number;
  resellerPrice: number;
  apiPrice: number;
  month_validate: string;
};

/**
 * What was bought, as the customer may see it (a purchase receipt). Built from an allow-list on
 * the server: never a cost, a supplier or its ids. Every field is optional (older rows, other
 * products).
 */
export type TTransactionDetails = {
  /** Data: the plan's volume ('1GB'), type ('SME') and validity ('30 days'). */
  plan?: string;
  planType?: string;
  validity?: string;
  /**
   * Naira value delivered: airtime sent to the phone, or electricity bought (trans_amount is
   * what the wallet was charged: less for airtime discounts, plus the fee for electricity).
   */
  faceValue?: number;
  /** Electricity: the meter, its type ('prepaid' or 'postpaid'), company and validated owner. */
  meterNumber?: string;
  meterType?: string;
  disco?: string;
  customerName?: string;
  /** Electricity: the token, once the supplier delivered it. */
  token?: string;
};

export type TTransaction = {
  _id: string;
  trans_Id: string;
  trans_Type: TTransactionType;
  trans_Network: string;
  trans_Status: TTransactionStatus;
  trans_amount: number;
  trans_profit?: number;
  trans_UserName: string;
  phone_number: string | null;
  balance_Before: number;
  balance_After: number;
  paymentLink: string | null;
  apiResponse: string | null;
  apiResponseId: string | null;
  createdAt: string;
  /** Purchases (data, airtime, electricity) only; absent when nothing is known. */
  details?: TTransactionDetails;
};

/** The admin's broadcast; the client remembers which id the user acknowledged. */
export type TNotification = { id: string; msg: string };

/** Answer of POST /auth/login and /auth/register, and of GET /auth. */
export type TAuthResponse = {
  user: TUser;
  token: string;
  subscriptionPlans: TSubscriptionPlans;
  transactions: TTransaction[];
  isAdmin: boolean;
  isCouponVendor: boolean;
  notification: TNotification | null;
};

/** GET /site: contact details and links from the server's configuration. */
export type TSiteInfo = {
  appName: string;
  officeAddress: string;
  phone: string;
  emails: string[];
  chatUrl: string;
  topUpUrl: string;
  /** Current funding fees in percent (admin settings). */
  fees: { fundPagePercent: number; accountCardPercent: number };
};

export type TProfileResponse = Omit<TAuthResponse, 'token'>;

export type TMsgResponse = { msg: string };

export type TUserListResponse = {
  users: TUser[];
  totalUsers: number;
  totalPages: number;
  totalBalance: number;
};
