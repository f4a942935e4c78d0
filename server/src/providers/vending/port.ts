import type { TNetwork, TSupplier } from '@vendo/shared/constants';

/**
 * The vending supplier port (ARCHITECTURE.md "Providers"). Adapters speak each supplier's wire
 * format over HTTP; the purchase service only sees these types.
 *
 * Outcome rules (PROVIDERS.md): `success` and `failed` only on a definite answer from the
 * supplier; a timeout, 5xx, HTML, malformed body or any other status is `pending` (re-query,
 * never refund blind).
 */
export type SupplierOutcome = 'success' | 'failed' | 'pending';

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
  /** The supplier said its float (our wallet there) is exhausted: a definite failure + admin alert. */
  insufficientFloat?: boolean;
  /**
   * A re-query the supplier answered with its own "no such order" (outcome pending): it has
   * nothing under the id we asked about. Past a grace period that means it never received it.
   */
  notFound?: boolean;
};

export type PurchaseKind = 'data' | 'airtime' | 'electricity';

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
