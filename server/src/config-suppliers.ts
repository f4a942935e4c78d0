import { NETWORKS, SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import { z } from 'zod';
import {
  DEFAULT_SUPPLIER_NETWORK_IDS,
  SANDBOX_SUPPLIER_KEYS,
  type SupplierSettings,
} from './providers/vending/suppliers.config.ts';
import { SANDBOX_VTPASS_KEYS, type VtpassSettings } from './providers/bills/vtpass.config.ts';

/**
 * The vending suppliers' settings, part of the configuration config.ts parses: ALARO_BASE_URL,
 * ALARO_API_KEY, GLAD_BASE_URL, GLAD_API_KEY and SUPPLIER_NETWORK_IDS (SUPPLIER_TIMEOUT_MS is
 * parsed with the rest). A malformed value stops the start.
 */
export const ZSupplierEnv = {
  ALARO_BASE_URL: z.string().optional(),
  ALARO_API_KEY: z.string().optional(),
  GLAD_BASE_URL: z.string().optional(),
  GLAD_API_KEY: z.string().optional(),
  SUPPLIER_NETWORK_IDS: z.string().optional(),
  VTPASS_BASE_URL: z.string().optional(),
  VTPASS_API_KEY: z.string().optional(),
  VTPASS_SECRET_KEY: z.string().optional(),
  VTPASS_PUBLIC_KEY: z.string().optional(),
};

type SupplierEnv = { [K in keyof typeof ZSupplierEnv]?: string | undefined };

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

/** Each supplier's settings; a supplier without a base URL is served by the local sandbox. */
export const supplierSettingsFrom = (
  env: SupplierEnv,
  timeoutMs: number,
): Record<TSupplier, SupplierSettings> => {
  const overrides = parseNetworkIdOverrides(env.SUPPLIER_NETWORK_IDS);
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

/**
 * The bills supplier (VTpass: cable TV, exam PINs). Without VTPASS_BASE_URL the app's own sandbox
 * VTpass serves it (outside production only). With it, the three keys are required in
 * production: the sandbox's keys would only be refused by the real API.
 */
export const vtpassSettingsFrom = (
  env: SupplierEnv & { NODE_ENV?: string | undefined },
  timeoutMs: number,
): VtpassSettings => {
  const baseUrl = parseBaseUrl('VTPASS_BASE_URL', env.VTPASS_BASE_URL);
  const keys = {
    apiKey: env.VTPASS_API_KEY?.trim(),
    secretKey: env.VTPASS_SECRET_KEY?.trim(),
    publicKey: env.VTPASS_PUBLIC_KEY?.trim(),
  };
  if (
    env.NODE_ENV === 'production' &&
    baseUrl &&
    !(keys.apiKey && keys.secretKey && keys.publicKey)
  ) {
    throw new Error(
      'Invalid configuration:\nVTPASS_BASE_URL is set: VTPASS_API_KEY, VTPASS_SECRET_KEY and VTPASS_PUBLIC_KEY must be set too',
    );
  }
  return {
    baseUrl,
    apiKey: keys.apiKey || SANDBOX_VTPASS_KEYS.apiKey,
    secretKey: keys.secretKey || SANDBOX_VTPASS_KEYS.secretKey,
    publicKey: keys.publicKey || SANDBOX_VTPASS_KEYS.publicKey,
    timeoutMs,
  };
};

/**
 * Why a production start must be refused for the bills supplier, or null: cable TV and exam PINs
 * are sold, and without VTPASS_BASE_URL they would go to the sandbox VTpass, which production does
 * not serve (every purchase would stay pending).
 */
export const vtpassProductionProblem = (config: {
  isProduction: boolean;
  vtpass: VtpassSettings;
}): string | null =>
  config.isProduction && !config.vtpass.baseUrl
    ? 'VTPASS_BASE_URL (with VTPASS_API_KEY, VTPASS_SECRET_KEY and VTPASS_PUBLIC_KEY) must be set in production: cable TV and exam PINs are sold'
    : null;
