import type { TNetwork, TSupplier } from '@vendo/shared/constants';

/**
 * Supplier settings (.env.example, "Vending suppliers"), read from the environment by
 * config-suppliers.ts as part of the configuration. Network ids differ
 * between Husmodata-style clones (GLAD: AIRTEL 3 / 9MOBILE 6, others AIRTEL 4 / 9MOBILE 3, ALARO
 * historically sent names such as 'MTN'), so they are configuration, never code.
 */

/** A supplier's id for each network; a number for most clones, a name for some. */
export type NetworkIdMap = Record<TNetwork, number | string>;
export type SupplierNetworkIds = { data: NetworkIdMap; airtime: NetworkIdMap };

export type SupplierSettings = {
  /** The supplier's API root (no trailing slash); null means "use the local sandbox supplier". */
  baseUrl: string | null;
  apiKey: string;
  timeoutMs: number;
  networkIds: SupplierNetworkIds;
};

const GLAD_IDS: SupplierNetworkIds = {
  data: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 6 },
  airtime: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 4 },
};

/** Defaults: GLAD's published ids; ALARO has no public docs, so it starts with the same numbers. */
export const DEFAULT_SUPPLIER_NETWORK_IDS: Record<TSupplier, SupplierNetworkIds> = {
  GLAD: GLAD_IDS,
  ALARO: { data: { ...GLAD_IDS.data }, airtime: { ...GLAD_IDS.airtime } },
};

/** The keys the sandbox suppliers accept when ALARO_API_KEY / GLAD_API_KEY are unset. */
export const SANDBOX_SUPPLIER_KEYS: Record<TSupplier, string> = {
  ALARO: 'sandbox-alaro-key',
  GLAD: 'sandbox-glad-key',
};
