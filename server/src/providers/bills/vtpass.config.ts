/** VTpass settings (.env.example, "Bills supplier"), read by config-suppliers.ts. */
export type VtpassSettings = {
  /** The root the API paths hang under (`<base>/api/pay` …); null = the local sandbox VTpass. */
  baseUrl: string | null;
  apiKey: string;
  secretKey: string;
  publicKey: string;
  timeoutMs: number;
};

/** The keys the sandbox VTpass accepts when VTPASS_API_KEY … are unset. */
export const SANDBOX_VTPASS_KEYS = {
  apiKey: 'sandbox-vtpass-api-key',
  secretKey: 'SK_sandbox_vtpass_secret',
  publicKey: 'PK_sandbox_vtpass_public',
} as const;

/** Where the app mounts the sandbox VTpass (sandbox/vtpass/vtpass-sandbox.routes.ts). */
export const SANDBOX_VTPASS_PATH = '/sandbox/vtpass';

/** The VTpass root the adapter uses: the configured one, or the sandbox at the app's own URL. */
export const vtpassBaseUrl = (settings: VtpassSettings, ownUrl: string): string =>
  settings.baseUrl ?? `${ownUrl.replace(/\/+$/, '')}${SANDBOX_VTPASS_PATH}`;
