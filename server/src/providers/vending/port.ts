import type { BillsPin } from '../bills/port.ts';
import type { TNetwork, TSupplier } from '@vendo/shared/constants';

/**
 * The vending supplier port. Adapters speak each supplier's wire format over HTTP; the purchase
 * service only sees these types.
 *
 * Outcome rules: `success`, `failed` and `reversed` only on a definite answer from the supplier;
 * a timeout, 5xx, HTML, malformed body or any other status is `pending` (re-query, never refund
 * blind). `reversed`: the supplier says it gave the money back (its status 'reversed' or
 * 'refunded'): for a purchase not yet settled that is a failure, for a delivered one a reversal.
 * An adapter never decides whether an answer is about the order we meant: it reports what the
 * answer names in `answered`, and the vending module compares that with our order.
 */
export type SupplierOutcome = 'success' | 'failed' | 'pending' | 'reversed';

/**
 * What a supplier's answer says the order was, each field only when the answer names it (as a
 * plain value: a field error list is not a value). Texts are as the supplier wrote them.
 */
export type AnsweredOrder = {
  /** The request_id the answer carries (ours, if it is about our order). */
  reference?: string;
  /** The phone number the answer names (data, airtime). */
  phone?: string;
  /** The meter number the answer names (electricity). */
  meterNumber?: string;
  /** The amount (airtime: face value; electricity: the token's value), in kobo; null if unreadable. */
  amountKobo?: number | null;
  /** The supplier's plan id (data). */
  planId?: string;
  /** The network, when the answer names one we recognise (by the supplier's id or by name). */
  network?: TNetwork;
  /** The disco id (electricity). */
  discoId?: string;
  /** Cable and exam (bills): the smartcard, phone or profile id, and the PINs' count. */
  billersCode?: string;
  quantity?: number;
  /** The supplier's balance (our float there) just before and after this order, in kobo. */
  balanceBeforeKobo?: number;
  balanceAfterKobo?: number;
};

export type SupplierResult = {
  outcome: SupplierOutcome;
  /** The supplier's id for the order (for re-query), when it gave one. */
  supplierRef: string | null;
  /** A short human text of what the supplier said (or why we treat it as pending). */
  message: string;
  /** The raw answer body (truncated), kept on the transaction as apiResponse. */
  raw: string;
  /** Electricity token (without the "Token : " prefix). */
  token?: string;
  /** Exam PINs (bills): sealed onto the receipt, never stored in clear. */
  pins?: BillsPin[];
  /** The supplier said its float (our wallet there) is exhausted: a definite failure + admin alert. */
  insufficientFloat?: boolean;
  /**
   * A failure the supplier gave before it took the order (our float there exhausted, our key
   * refused, the order refused as it stood: service down, network not supported): nothing was
   * placed, so another supplier may be sent the same order.
   */
  notProcessed?: boolean;
  /**
   * A re-query the supplier answered with its own "no such order" (outcome pending): it has
   * nothing under the id we asked about. Past a grace period that means it never received it.
   */
  notFound?: boolean;
  /**
   * The supplier refused the order because it already has our request id (Husmodata's 400
   * "request ID exists", VTpass's code 014): it holds an order under that id, so this is pending
   * and re-queried at once, never a failure.
   */
  duplicateRequest?: boolean;
  /** What the answer names (2xx answers only); see AnsweredOrder. */
  answered?: AnsweredOrder;
};

export type PurchaseKind = 'data' | 'airtime' | 'electricity';
/** Every product the purchase state machine sells: the vending kinds and the bills ones. */
export type ProductKind = PurchaseKind | BillsKind;
/** What the bills supplier sells through the purchase state machine. */
export type BillsKind = 'cable' | 'exam' | 'epin';

export type DataOrder = {
  /** Our unique reference, sent so the order can be re-queried even if the answer never came. */
  reference: string;
  network: TNetwork;
  phone: string;
  /** The supplier's plan id for this plan (from data_plans.supplier_plan_ids). */
  supplierPlanId: string;
  ported: boolean;
};

export type AirtimeOrder = {
  reference: string;
  network: TNetwork;
  phone: string;
  amountKobo: number;
  ported: boolean;
};

export type MeterQuery = {
  discoId: number;
  meterNumber: string;
  meterType: 'prepaid' | 'postpaid';
};
export type MeterResult = { valid: boolean; name: string; address: string | null };

export type ElectricityOrder = MeterQuery & {
  reference: string;
  amountKobo: number;
  phone: string | null;
  customerName: string | null;
};

export type VendingSupplier = {
  name: TSupplier;
  buyData: (order: DataOrder) => Promise<SupplierResult>;
  buyAirtime: (order: AirtimeOrder) => Promise<SupplierResult>;
  validateMeter: (query: MeterQuery) => Promise<MeterResult>;
  buyElectricity: (order: ElectricityOrder) => Promise<SupplierResult>;
  /** Re-query an order by the supplier's id, or by our reference when we never got one. */
  query: (
    kind: PurchaseKind,
    ref: { supplierRef: string | null; reference: string },
  ) => Promise<SupplierResult>;
  /**
   * Our float (wallet) at the supplier, from its account page (GET /api/user/), within
   * `timeoutMs`. Never throws: a supplier that cannot say gives `{ error }`.
   */
  balance: (options?: { timeoutMs?: number }) => Promise<SupplierBalance>;
};

export type SupplierBalance = { balanceKobo: number } | { error: string };

/** Finds the adapter for a supplier (real HTTP, or the built-in sandbox when no base URL is set). */
export type SupplierRegistry = { get: (name: TSupplier) => VendingSupplier };
