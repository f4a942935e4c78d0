/**
 * The bills supplier port (cable TV and exam PINs), next to the vending one
 * (providers/vending/port.ts). Adapters speak each supplier's wire format over HTTP; the bills
 * service (a later step) only sees these types. The VTpass-style adapter is vtpass.ts, its
 * contract docs/suppliers-vtpass.md.
 *
 * Outcome rules, as for data: `delivered`, `failed` and `reversed` only on a definite answer;
 * `failed` only when the supplier says the order was refused or failed and nothing was charged,
 * so the purchase may be refunded once. A timeout, an unknown code, a malformed body or
 * "contact support" is `pending`: re-query, never refund blind.
 */

export const CABLE_SERVICES = ['dstv', 'gotv', 'startimes', 'showmax'] as const;
export const EXAM_SERVICES = ['waec', 'waec-registration', 'neco', 'nabteb', 'jamb'] as const;
export const EPIN_SERVICE_IDS = ['epin-mtn', 'epin-glo', 'epin-airtel', 'epin-9mobile'] as const;
export type BillsServiceId =
  | (typeof CABLE_SERVICES)[number]
  | (typeof EXAM_SERVICES)[number]
  | (typeof EPIN_SERVICE_IDS)[number];

export const isCableService = (id: BillsServiceId): boolean =>
  (CABLE_SERVICES as readonly string[]).includes(id);

/** A plan (bouquet, PIN kind) a service sells. */
export type BillsVariation = {
  code: string;
  name: string;
  /** The supplier's price in kobo (VTpass states naira). */
  amountKobo: number;
  /** True when the supplier charges exactly this price whatever amount is sent. */
  fixedPrice: boolean;
};

export type BillsVerifyQuery = {
  serviceId: BillsServiceId;
  /** Smartcard or IUC number (cable), profile id (JAMB). */
  billersCode: string;
  /** JAMB: the variation (utme, de). */
  type?: string;
};

export type BillsCustomer =
  | {
      valid: true;
      name: string;
      /** Cable only, when the supplier names them. */
      currentBouquet?: string;
      currentBouquetCode?: string;
      dueDate?: string;
      /** What a renewal costs: a renewal pays exactly this, never a client's amount. */
      renewalAmountKobo?: number;
    }
  | { valid: false; message: string };

export type BillsOrder = {
  /** The supplier's request id (vtpassRequestId), stored before the order is sent. */
  requestId: string;
  serviceId: BillsServiceId;
  /** Smartcard / IUC (cable), phone number (Showmax, WAEC, NECO, NABTEB), profile id (JAMB). */
  billersCode: string;
  /** Absent for a cable renewal (the current bouquet is renewed). */
  variationCode?: string;
  amountKobo: number;
  phone: string;
  /** Cable: change the bouquet, or renew the current one. */
  subscriptionType?: 'change' | 'renew';
  /** Exam PINs: 1–10; e-PINs: 1–100. */
  quantity?: number;
};

export type BillsPin = { pin: string; serial?: string };

export type BillsOutcome = 'delivered' | 'pending' | 'failed' | 'reversed';

/** What the answer says the order was, each field only when it names it. */
export type BillsAnswered = {
  requestId?: string;
  billersCode?: string;
  /** The amount charged (content.transactions.total_amount or amount), in kobo. */
  amountKobo?: number;
  quantity?: number;
};

export type BillsResult = {
  outcome: BillsOutcome;
  /** The supplier's response code ('000', '099', '016' …); null without a readable answer. */
  code: string | null;
  /** The supplier's transaction id, when it gave one. */
  supplierRef: string | null;
  message: string;
  /** The raw answer body (truncated), to keep on the transaction. */
  raw: string;
  /** Exam PINs (with serials when given). */
  pins?: BillsPin[];
  /** The supplier's own text of what was bought (PINs, tokens), as it wrote it. */
  purchasedCode?: string;
  /** The supplier's float (our wallet there) is too low: failed + admin alert. */
  insufficientFloat?: boolean;
  /** The supplier already has an order under this request id (014): pending, re-query at once. */
  duplicateRequest?: boolean;
  /** A re-query the supplier answered "no such request id" (015): past a grace, never received. */
  notFound?: boolean;
  /** The supplier resolved the order its own way (044): pending, for a person to look at. */
  needsSupport?: boolean;
  answered?: BillsAnswered;
};

export type BillsSupplier = {
  name: 'VTPASS';
  /** A fresh request id under the supplier's rules. */
  newRequestId: (now?: Date) => string;
  /**
   * variations and verify charge nothing: an unusable answer throws AppError PROVIDER_ERROR (502).
   * pay and requery never throw: no usable answer is `pending`.
   */
  variations: (serviceId: BillsServiceId) => Promise<BillsVariation[]>;
  verify: (query: BillsVerifyQuery) => Promise<BillsCustomer>;
  pay: (order: BillsOrder) => Promise<BillsResult>;
  requery: (requestId: string) => Promise<BillsResult>;
};
