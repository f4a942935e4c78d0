/** Business constants (docs/product-rules.md), shared by server and client. */

export const NETWORKS = ['MTN', 'GLO', 'AIRTEL', '9MOBILE'] as const;
export type TNetwork = (typeof NETWORKS)[number];

/** Wire network codes for data purchases (docs/product-rules.md#purchases). */
export const DATA_NETWORK_CODES: Record<TNetwork, number> = {
  MTN: 1,
  GLO: 2,
  AIRTEL: 3,
  '9MOBILE': 6,
};
/** Wire network codes for airtime purchases. */
export const AIRTIME_NETWORK_CODES: Record<TNetwork, number> = {
  MTN: 1,
  GLO: 2,
  AIRTEL: 3,
  '9MOBILE': 4,
};

/** Keys of the subscriptionPlans object in login/register answers (9MOBILE is NMOBILE there). */
export const PLAN_LIST_KEYS: Record<TNetwork, 'MTN' | 'GLO' | 'AIRTEL' | 'NMOBILE'> = {
  MTN: 'MTN',
  GLO: 'GLO',
  AIRTEL: 'AIRTEL',
  '9MOBILE': 'NMOBILE',
};

export const MTN_DATA_TYPES = ['SME', 'SME2', 'CG', 'COUPON', 'DIRECT'] as const;

export const USER_TYPES = ['smart earner', 'reseller', 'api user'] as const;
export type TUserType = (typeof USER_TYPES)[number];

export const TRANSACTION_TYPES = [
  'data',
  'airtime',
  'wallet',
  'transfer',
  'refund',
  'electricity',
  'referrer',
  'earning',
  'cable',
  'exam',
  'epin',
] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];

/** The transaction types that are purchases: each one a run of the purchase state machine. */
export const PURCHASE_TYPES = [
  'data',
  'airtime',
  'electricity',
  'cable',
  'exam',
  'epin',
] as const satisfies readonly TTransactionType[];
export type TPurchaseType = (typeof PURCHASE_TYPES)[number];

export const TRANSACTION_STATUSES = [
  'success',
  'failed',
  'processing',
  'pending',
  'refunded',
] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const SERVICE_NAMES = ['airtime', 'data', 'electricity'] as const;
export type TServiceName = (typeof SERVICE_NAMES)[number];

export const SUPPLIERS = ['ALARO', 'GLAD'] as const;
export type TSupplier = (typeof SUPPLIERS)[number];

export const METER_TYPES = ['prepaid', 'postpaid'] as const;

export const DISCOS = [
  { name: 'Ikeja', id: 18 },
  { name: 'Ibadan', id: 19 },
  { name: 'Eko', id: 20 },
  { name: 'Port Harcourt', id: 21 },
  { name: 'Kaduna', id: 22 },
  { name: 'Kano', id: 23 },
  { name: 'Jos', id: 24 },
  { name: 'Abuja', id: 25 },
  { name: 'Enugu', id: 26 },
  { name: 'Yola', id: 28 },
  { name: 'Benin', id: 29 },
] as const;

export const AIRTIME_MIN_KOBO = 100_00;
export const WALLET_FUNDING_MIN_KOBO = 100_00;
export const RESELLER_UPGRADE_KOBO = 1000_00;
export const REFERRAL_REWARD_KOBO = 500_00;
export const ELECTRICITY_FEE_KOBO = 50_00;
export const WITHDRAWAL_FEE_KOBO = 50_00;
export const LOW_BALANCE_KOBO = 100_00;
/** Airtime charge in basis points of the face value, by tier. */
export const AIRTIME_RATE_BP: Record<TUserType, number> = {
  reseller: 9800,
  'smart earner': 9900,
  'api user': 9900,
};

/** Pay-TV providers sold as cable subscriptions (docs/product-rules.md#cable-tv). */
export const CABLE_PROVIDERS = ['dstv', 'gotv', 'startimes', 'showmax'] as const;
export type TCableProvider = (typeof CABLE_PROVIDERS)[number];
export const CABLE_PROVIDER_NAMES: Record<TCableProvider, string> = {
  dstv: 'DStv',
  gotv: 'GOtv',
  startimes: 'StarTimes',
  showmax: 'Showmax',
};

/** Exam PIN products (docs/product-rules.md#exam-pins); JAMB's two need the candidate's profile. */
export const EXAM_PRODUCTS = [
  'waec',
  'waec-registration',
  'neco',
  'nabteb',
  'jamb-utme',
  'jamb-de',
] as const;
export type TExamProduct = (typeof EXAM_PRODUCTS)[number];
export const EXAM_PRODUCT_NAMES: Record<TExamProduct, string> = {
  waec: 'WAEC result checker PIN',
  'waec-registration': 'WAEC registration PIN',
  neco: 'NECO result token',
  nabteb: 'NABTEB result checker PIN',
  'jamb-utme': 'JAMB UTME PIN',
  'jamb-de': 'JAMB Direct Entry PIN',
};
export const isJambProduct = (product: TExamProduct): boolean => product.startsWith('jamb-');
/** PINs per exam purchase. */
export const EXAM_QUANTITY_MAX = 10;
/**
 * Recharge-card PINs ("e-PINs", docs/product-rules.md#e-pins): airtime PINs a shop prints as cards
 * and sells; a customer loads one by dialling its network's code.
 */
export const EPIN_VALUES = [100, 200, 500, 1000] as const;
export type TEpinValue = (typeof EPIN_VALUES)[number];
/** Cards per e-PIN purchase. */
export const EPIN_QUANTITY_MAX = 100;
/** What a customer dials to load a card, PIN in place of "PIN". */
export const EPIN_DIAL_CODES: Record<TNetwork, string> = {
  MTN: '*555*PIN#',
  GLO: '*123*PIN#',
  AIRTEL: '*126*PIN#',
  '9MOBILE': '*222*PIN#',
};
/** The bills service selling a network's e-PINs. */
export const EPIN_SERVICES: Record<
  TNetwork,
  'epin-mtn' | 'epin-glo' | 'epin-airtel' | 'epin-9mobile'
> = {
  MTN: 'epin-mtn',
  GLO: 'epin-glo',
  AIRTEL: 'epin-airtel',
  '9MOBILE': 'epin-9mobile',
};

/** How long a verified smartcard or JAMB profile (its quote) is held on the server. */
export const BILLS_QUOTE_MINUTES = 15;

/**
 * The bills services (VTpass's `serviceID`s): one per provider or exam body, each with its own
 * lock and supplier (docs/product-rules.md#bills-catalogue).
 */
export const BILLS_SERVICES = [
  'dstv',
  'gotv',
  'startimes',
  'showmax',
  'waec',
  'waec-registration',
  'neco',
  'nabteb',
  'jamb',
  'epin-mtn',
  'epin-glo',
  'epin-airtel',
  'epin-9mobile',
] as const;
export type TBillsService = (typeof BILLS_SERVICES)[number];
export const BILLS_SERVICE_NAMES: Record<TBillsService, string> = {
  ...CABLE_PROVIDER_NAMES,
  waec: 'WAEC result checker',
  'waec-registration': 'WAEC registration',
  neco: 'NECO',
  nabteb: 'NABTEB',
  jamb: 'JAMB',
  'epin-mtn': 'MTN e-PINs',
  'epin-glo': 'GLO e-PINs',
  'epin-airtel': 'Airtel e-PINs',
  'epin-9mobile': '9mobile e-PINs',
};
/** What a bills service sells: cable subscriptions, exam PINs or recharge-card PINs. */
export const BILLS_KINDS = ['cable', 'exam', 'epin'] as const;
export type TBillsKind = (typeof BILLS_KINDS)[number];
/**
 * The suppliers a bills service may be served by: the choices the back office offers. Adding one
 * here also needs the `bills_services_supplier_check` constraint widened (a migration).
 */
export const BILLS_SUPPLIERS = ['VTPASS'] as const;
export type TBillsSupplier = (typeof BILLS_SUPPLIERS)[number];
