import path from 'node:path';
import { z } from 'zod';
import type { TSupplier } from '@vendo/shared/constants';
import { billstackAllowList, ZTrustProxy } from './config-network.ts';
import { supplierSettingsFrom, ZSupplierEnv } from './config-suppliers.ts';
import type { SupplierSettings } from './providers/vending/suppliers.config.ts';

/**
 * Every setting the server reads, parsed once at start: this file (with config-network.ts and
 * config-suppliers.ts) is the only reader of process.env in server/src (a lint rule holds it).
 * `.env.example` documents each setting a deployer sets; the tuning and test ones (timers,
 * throttles, sandbox knobs) are listed in README "Configuration". Keep the three in step.
 */
const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? fallback : ['1', 'true', 'yes'].includes(v.toLowerCase()),
    );

const ZEnv = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_MIGRATION_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vendo <no-reply@vendo.local>'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_PHONE: z.string().default('08000000000'),
  SEED_DEMO: z.string().optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(50),
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_ACCOUNT_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  RESET_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  API_TOKEN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  IDEMPOTENCY_KEY_HOURS: z.coerce.number().int().min(24).default(24),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(900),
  SITE_NAME: z.string().default('Vendo'),
  SITE_OFFICE_ADDRESS: z.string().default('12 Example Street, Ikeja, Lagos'),
  SITE_PHONE: z.string().default('+234 800 000 0000'),
  SITE_EMAILS: z.string().default('support@vendo.example,sales@vendo.example'),
  CHAT_URL: z.string().default('https://wa.me/2348000000000'),
  TOPUP_URL: z.string().default('https://vendo.example/top-up'),
  CLIENT_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: ZTrustProxy,
  SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  ...ZSupplierEnv,
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
  RECONCILE_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
  PROCESSING_GRACE_SECONDS: z.coerce.number().int().min(1).optional(),
  PENDING_SLA_SECONDS: z.coerce.number().int().min(1).default(1800),
  SUPPLIER_NOT_FOUND_GRACE_SECONDS: z.coerce.number().int().min(1).default(120),
  AUTO_REFUND_AFTER_HOURS: z.coerce.number().min(0).max(720).default(24),
  FLOAT_LOW_NAIRA: z.coerce.number().min(0).max(1_000_000_000).default(10_000),
  SUPPLIER_FLOAT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  AIRTIME_COST_BP: z.coerce.number().int().min(0).max(10_000).default(9700),
  ELECTRICITY_SUPPLIER: z.enum(['ALARO', 'GLAD']).default('GLAD'),
  SANDBOX_SLOW_MS: z.coerce.number().int().min(0).optional(),
  SQUAD_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SQUAD_SECRET_KEY: z.string().optional(),
  SQUAD_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  FUND_PAGE_FEE_BP: z.coerce.number().int().min(0).max(10_000).default(100),
  FUNDING_EXPIRY_HOURS: z.coerce.number().positive().max(720).default(24),
  SQUAD_MERCHANT_ID: z.string().regex(/^\w+$/).default('SBVENDO'),
  BILLSTACK_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BILLSTACK_SECRET_KEY: z.string().optional(),
  BILLSTACK_ALLOWED_IPS: z.string().optional(),
  ACCOUNT_CARD_FEE_BP: z.coerce.number().int().min(0).max(10_000).default(108),
  LEDGER_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(3600),
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(0).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(0).default(3_600_000),
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce.number().int().min(1).default(86_400),
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(1).default(60),
  WEBHOOK_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(16),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool(false),
  WEBHOOK_ALLOW_HTTP: bool(false),
});

export type Config = {
  env: string;
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  /** APP_URL was set: links go there; otherwise a checkout returns to the caller's own origin. */
  appUrlSet: boolean;
  databaseUrl: string | undefined;
  /**
   * The connection migrations run on, as the role that owns the tables; the app itself uses
   * databaseUrl, a role that may read and write rows but not change tables (docs/operations.md).
   * Defaults to databaseUrl.
   */
  databaseMigrationUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  bcryptRounds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { userName: string; email: string; password: string; phoneNumber: string } | undefined;
  /** Default: on for a non-production start on the embedded database, else off. */
  seedDemo: boolean;
  rateLimits: {
    login: { limit: number; windowSeconds: number; perAddressLimit: number };
    /**
     * Failed logins per account across all addresses: past `limit` in `windowSeconds`, each
     * further failure makes the account wait, doubling from `delaySeconds` to `maxDelaySeconds`.
     */
    loginAccount: {
      limit: number;
      windowSeconds: number;
      delaySeconds: number;
      maxDelaySeconds: number;
    };
    reset: { limit: number; windowSeconds: number };
    /** Requests made with one API token, counted across every server process. */
    apiToken: { limit: number; windowSeconds: number };
  };
  /** How long an Idempotency-Key (or request_id) and its stored answer are kept. */
  idempotencyKeyHours: number;
  /**
   * How often the ledger's invariants are checked while the app runs, by one process at a time
   * (a violation raises an admin alert); 0 = never.
   */
  ledgerCheckIntervalSeconds: number;
  resetTokenTtlSeconds: number;
  site: {
    appName: string;
    officeAddress: string;
    phone: string;
    emails: string[];
    chatUrl: string;
    topUpUrl: string;
  };
  clientDist: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Express's `trust proxy`: false, true (every hop), a number of hops, or proxy addresses. */
  trustProxy: boolean | number | string[];
  vending: {
    supplierTimeoutMs: number;
    /** 0 turns the background reconciler off (tests drive it by hand). */
    reconcileIntervalMs: number;
    retryAfterSeconds: number;
    /** A 'processing' purchase younger than this is still in its request: leave it alone. */
    processingGraceSeconds: number;
    /** Unsettled longer than this → the admin queue (still re-queried, never refunded blind). */
    pendingSlaSeconds: number;
    /**
     * A purchase at least this old whose supplier has no record of our reference never reached
     * it: refunded once. Never shorter than the supplier timeout (an order may arrive that late).
     */
    notFoundGraceSeconds: number;
    /**
     * A purchase still unconfirmed this long after it began gets one final re-query and, unless
     * that says delivered, is refunded (NCC–CBN 24-hour rule; decision 0017). 0 = never.
     */
    autoRefundAfterSeconds: number;
    /** A supplier float below this raises a 'float_low' alert (one open per supplier). */
    floatLowKobo: number;
    /** How long the dashboard waits for a supplier's account page. */
    floatTimeoutMs: number;
    airtimeCostBasisPoints: number;
    electricitySupplier: 'ALARO' | 'GLAD';
    /** How long the sandbox's "no answer" trigger (3333) waits: longer than the adapter timeout. */
    sandboxSlowMs: number;
  };
  /** Each vending supplier's URL, key, timeout and network ids; no URL = the local sandbox. */
  suppliers: Record<TSupplier, SupplierSettings>;
  squad: {
    /** Unset: the built-in sandbox Squad at /sandbox/squad. */
    baseUrl: string | undefined;
    secretKey: string;
    /** False when SQUAD_SECRET_KEY is unset (secretKey is then the sandbox's). */
    secretKeySet: boolean;
    timeoutMs: number;
    /** Fee kept from a card/bank checkout, in basis points (100 = 1%). */
    fundPageFeeBasisPoints: number;
    /** A checkout Squad still calls pending (or does not know) this long after it began expires. */
    fundingExpiryHours: number;
    /** Payout references are `<merchant id>_<unique>` (Squad's rule). */
    merchantId: string;
  };
  billstack: {
    /** Unset: the built-in sandbox BillStack at /sandbox/billstack. */
    baseUrl: string | undefined;
    secretKey: string;
    /** False when BILLSTACK_SECRET_KEY is unset (secretKey is then the sandbox's). */
    secretKeySet: boolean;
    /**
     * Deposit webhooks accepted only from these addresses or CIDR ranges when set
     * (comma-separated; required in production, decision 0028).
     */
    allowedIps: string[];
    /** Fee on deposits into reserved accounts, in basis points (108 = 1.08%). */
    accountCardFeeBasisPoints: number;
  };
  webhooks: {
    /** How often the delivery worker looks for due events; 0 = never (tests run passes by hand). */
    intervalMs: number;
    /** One attempt's limit: connect, answer and body. */
    timeoutMs: number;
    /** Retry delays double from the base (30 s, 1 min, 2 min …) up to the cap. */
    retryBaseMs: number;
    retryMaxMs: number;
    /** No attempt is scheduled later than this after the event: it is then 'failed'. */
    retryWindowSeconds: number;
    /** How long a claimed event is held by its worker before another may take it. */
    leaseSeconds: number;
    batchSize: number;
    concurrency: number;
    /**
     * Local testing only (refused in production): deliver to loopback and private addresses,
     * and over plain http. The SSRF rules hold whenever these are off.
     */
    allowPrivateTargets: boolean;
    allowHttp: boolean;
  };
};

/** Reads the configuration from an environment (process.env by default); throws on bad values. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // An empty value means unset, so its default applies: docker-compose passes `${NAME:-}` for a
  // setting left out of .env, and an empty number would otherwise read as 0 (a fee of nothing).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && (e.WEBHOOK_ALLOW_PRIVATE_TARGETS || e.WEBHOOK_ALLOW_HTTP)) {
    throw new Error(
      'Invalid configuration:\nWEBHOOK_ALLOW_PRIVATE_TARGETS and WEBHOOK_ALLOW_HTTP are for local testing and cannot be set in production',
    );
  }
  if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
    // Without DATABASE_URL the app would quietly run on the embedded database instead.
    throw new Error(
      'Invalid configuration:\nDATABASE_MIGRATION_URL is set but DATABASE_URL is not: set both (the embedded database needs neither)',
    );
  }
  const billstackAllowedIps = billstackAllowList(e);
  // Demo accounts (known passwords, opening balances) are for a laptop: `npm start` on the
  // embedded database seeds them, a production start never does unless SEED_DEMO asks.
  const seedDemoByDefault = !isProduction && !e.DATABASE_URL;
  const admin =
    e.ADMIN_USERNAME && e.ADMIN_EMAIL && e.ADMIN_PASSWORD
      ? {
          userName: e.ADMIN_USERNAME,
          email: e.ADMIN_EMAIL,
          password: e.ADMIN_PASSWORD,
          phoneNumber: e.ADMIN_PHONE,
        }
      : undefined;
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appUrlSet: e.APP_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL || e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    bcryptRounds: e.BCRYPT_ROUNDS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    admin,
    seedDemo:
      e.SEED_DEMO === undefined
        ? seedDemoByDefault
        : ['1', 'true', 'yes'].includes(e.SEED_DEMO.toLowerCase()),
    rateLimits: {
      login: {
        limit: e.LOGIN_RATE_LIMIT,
        windowSeconds: e.LOGIN_RATE_WINDOW_SECONDS,
        perAddressLimit: e.LOGIN_IP_RATE_LIMIT,
      },
      loginAccount: {
        limit: e.LOGIN_ACCOUNT_LIMIT,
        windowSeconds: e.LOGIN_ACCOUNT_WINDOW_SECONDS,
        delaySeconds: Math.min(e.LOGIN_ACCOUNT_DELAY_SECONDS, e.LOGIN_ACCOUNT_MAX_DELAY_SECONDS),
        maxDelaySeconds: e.LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
      },
      reset: { limit: e.RESET_RATE_LIMIT, windowSeconds: e.RESET_RATE_WINDOW_SECONDS },
      apiToken: { limit: e.API_TOKEN_RATE_LIMIT, windowSeconds: e.API_TOKEN_RATE_WINDOW_SECONDS },
    },
    idempotencyKeyHours: e.IDEMPOTENCY_KEY_HOURS,
    ledgerCheckIntervalSeconds: e.LEDGER_CHECK_INTERVAL_SECONDS,
    resetTokenTtlSeconds: e.RESET_TOKEN_TTL_SECONDS,
    site: {
      appName: e.SITE_NAME,
      officeAddress: e.SITE_OFFICE_ADDRESS,
      phone: e.SITE_PHONE,
      emails: e.SITE_EMAILS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      chatUrl: e.CHAT_URL,
      topUpUrl: e.TOPUP_URL,
    },
    clientDist: path.resolve(e.CLIENT_DIST ?? path.join(import.meta.dirname, '../../client/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    vending: {
      supplierTimeoutMs: e.SUPPLIER_TIMEOUT_MS,
      reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
      retryAfterSeconds: e.RECONCILE_RETRY_SECONDS,
      processingGraceSeconds:
        e.PROCESSING_GRACE_SECONDS ?? Math.ceil(e.SUPPLIER_TIMEOUT_MS / 1000) + 15,
      pendingSlaSeconds: e.PENDING_SLA_SECONDS,
      notFoundGraceSeconds: Math.max(
        e.SUPPLIER_NOT_FOUND_GRACE_SECONDS,
        Math.ceil(e.SUPPLIER_TIMEOUT_MS / 1000),
      ),
      autoRefundAfterSeconds: Math.round(e.AUTO_REFUND_AFTER_HOURS * 3600),
      floatLowKobo: Math.round(e.FLOAT_LOW_NAIRA * 100),
      floatTimeoutMs: e.SUPPLIER_FLOAT_TIMEOUT_MS,
      airtimeCostBasisPoints: e.AIRTIME_COST_BP,
      electricitySupplier: e.ELECTRICITY_SUPPLIER,
      sandboxSlowMs: e.SANDBOX_SLOW_MS ?? e.SUPPLIER_TIMEOUT_MS + 2000,
    },
    suppliers: supplierSettingsFrom(e, e.SUPPLIER_TIMEOUT_MS),
    squad: {
      baseUrl: e.SQUAD_BASE_URL?.replace(/\/$/, ''),
      secretKey: e.SQUAD_SECRET_KEY || 'sandbox_sk_vendo_squad_secret',
      secretKeySet: Boolean(e.SQUAD_SECRET_KEY),
      timeoutMs: e.SQUAD_TIMEOUT_MS,
      fundPageFeeBasisPoints: e.FUND_PAGE_FEE_BP,
      fundingExpiryHours: e.FUNDING_EXPIRY_HOURS,
      merchantId: e.SQUAD_MERCHANT_ID,
    },
    billstack: {
      baseUrl: e.BILLSTACK_BASE_URL?.replace(/\/$/, ''),
      secretKey: e.BILLSTACK_SECRET_KEY || 'sandbox_billstack_secret',
      secretKeySet: Boolean(e.BILLSTACK_SECRET_KEY),
      allowedIps: billstackAllowedIps,
      accountCardFeeBasisPoints: e.ACCOUNT_CARD_FEE_BP,
    },
    webhooks: {
      intervalMs: e.WEBHOOK_INTERVAL_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
      retryWindowSeconds: e.WEBHOOK_RETRY_WINDOW_SECONDS,
      leaseSeconds: e.WEBHOOK_LEASE_SECONDS,
      batchSize: e.WEBHOOK_BATCH_SIZE,
      concurrency: e.WEBHOOK_CONCURRENCY,
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      allowHttp: e.WEBHOOK_ALLOW_HTTP,
    },
  };
};

/** The suppliers' settings alone, from the given settings (tests and benches). */
export const loadSupplierSettings = (
  env: Record<string, string | undefined>,
): Record<TSupplier, SupplierSettings> => loadConfig(env).suppliers;
