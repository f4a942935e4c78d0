import { NETWORKS, SUPPLIERS, type TNetwork, type TSupplier } from '@vendo/shared/constants';
import { z } from 'zod';

/**
 * Supplier settings from the environment (.env.example, "Vending suppliers"). Network ids differ
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

export const DEFAULT_SUPPLIER_TIMEOUT_MS = 15_000;

const ZNetworkId = z.union([z.number().int().nonnegative(), z.string().min(1)]);
const ZNetworkIdMap = z.partialRecord(z.enum(NETWORKS), ZNetworkId);
const ZNetworkIdOverrides = z.partialRecord(
  z.enum(SUPPLIERS),
  z.object({ data: ZNetworkIdMap.optional(), airtime: ZNetworkIdMap.optional() }).strict(),
);

/**
 * SUPPLIER_NETWORK_IDS, e.g. `{"ALARO":{"data":{"MTN":"MTN"},"airtime":{"9MOBILE":3}}}`, merged
 * network by network over the defaults. A bad value stops the start: a wrong id would send
 * orders to the wrong network.
 */
const parseNetworkIdOverrides = (text: string | undefined) => {
  if (text === undefined || text.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('SUPPLIER_NETWORK_IDS is not valid JSON');
  }
  const parsed = ZNetworkIdOverrides.safeParse(json);
  if (!parsed.success) {
    throw new Error(`SUPPLIER_NETWORK_IDS is invalid: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
};

const parseBaseUrl = (name: string, value: string | undefined): string | null => {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL`);
  }
  return text.replace(/\/+$/, '');
};

const parseTimeout = (value: string | undefined): number => {
  const text = value?.trim();
  if (!text) return DEFAULT_SUPPLIER_TIMEOUT_MS;
  const ms = Number(text);
  if (!Number.isSafeInteger(ms) || ms < 1) {
    throw new Error('SUPPLIER_TIMEOUT_MS must be a positive whole number of milliseconds');
  }
  return ms;
};

/**
 * Reads ALARO_BASE_URL, ALARO_API_KEY, GLAD_BASE_URL, GLAD_API_KEY, SUPPLIER_TIMEOUT_MS and
 * SUPPLIER_NETWORK_IDS. Throws on a malformed value so a misconfiguration fails at start.
 */
export const loadSupplierSettings = (
  env: Record<string, string | undefined>,
): Record<TSupplier, SupplierSettings> => {
  const overrides = parseNetworkIdOverrides(env.SUPPLIER_NETWORK_IDS);
  const timeoutMs = parseTimeout(env.SUPPLIER_TIMEOUT_MS);
  const settingsFor = (supplier: TSupplier): SupplierSettings => {
    const defaults = DEFAULT_SUPPLIER_NETWORK_IDS[supplier];
    const own = overrides[supplier];
    const apiKey = env[`${supplier}_API_KEY`]?.trim();
    return {
      baseUrl: parseBaseUrl(`${supplier}_BASE_URL`, env[`${supplier}_BASE_URL`]),
      apiKey: apiKey || SANDBOX_SUPPLIER_KEYS[supplier],
      timeoutMs,
      networkIds: {
        data: { ...defaults.data, ...own?.data },
        airtime: { ...defaults.airtime, ...own?.airtime },
      },
    };
  };
  return { ALARO: settingsFor('ALARO'), GLAD: settingsFor('GLAD') };
};
