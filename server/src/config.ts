import path from 'node:path';
import { z } from 'zod';
import type { TSupplier } from '@vendo/shared/constants';
import { billstackAllowList, ZTrustProxy } from './config-network.ts';
import { supplierSettingsFrom, vtpassSettingsFrom, ZSupplierEnv } from './config-suppliers.ts';
import type { SupplierSettings } from './providers/vending/suppliers.config.ts';
import type { Config } from './config-type.ts';

export type { Config } from './config-type.ts';

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
  DATABASE_PREPARED_STATEMENTS: bool(true),
  DATABASE_READ_URL: z.string().optional(),
  DATABASE_READ_MAX_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_SECRET_PREVIOUS: z
    .string()
    .min(32, 'JWT_SECRET_PREVIOUS must be at least 32 characters')
    .optional(),
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
  SUPPLIER_BREAKER_THRESHOLD: z.coerce.number().min(0).max(1).default(0.85),
  SUPPLIER_BREAKER_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  SUPPLIER_BREAKER_MIN_SAMPLE: z.coerce.number().int().min(1).max(100_000).default(20),
  SUPPLIER_BREAKER_COOLDOWN_MINUTES: z.coerce.number().min(0).max(1440).default(10),
  SUPPLIER_BREAKER_PROBE_SAMPLE: z.coerce.number().int().min(1).max(10_000).default(5),
  SUPPLIER_BREAKER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
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
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool(false),
  WEBHOOK_ALLOW_HTTP: bool(false),
  BULK_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  BULK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,}$/, 'at least 16 characters, no spaces')
    .optional(),
});

/** The name of every environment variable the server reads (config-network.ts's included). */
export const SETTING_NAMES: readonly string[] = Object.keys(ZEnv.shape);

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
  if (e.WEBHOOK_LEASE_SECONDS * 1000 < e.WEBHOOK_TIMEOUT_MS + 2000) {
    // A claimed event is sent only while its lease outlasts the send (webhook-delivery.ts).
    throw new Error(
      'Invalid configuration:\nWEBHOOK_LEASE_SECONDS must be at least 2 s longer than WEBHOOK_TIMEOUT_MS',
    );
  }
  if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
    // Without DATABASE_URL the app would quietly run on the embedded database instead.
    throw new Error(
      'Invalid configuration:\nDATABASE_MIGRATION_URL is set but DATABASE_URL is not: set both (the embedded database needs neither)',
    );
  }
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\nDATABASE_READ_URL is set but DATABASE_URL is not: a replica needs its primary in DATABASE_URL',
    );
  }
  if (!e.DATABASE_PREPARED_STATEMENTS && e.DATABASE_URL && !e.DATABASE_MIGRATION_URL) {
    // Migrations hold a session-level advisory lock, which a transaction pooler would leave on
    // whichever server connection took it (the next start would wait for it).
    throw new Error(
      'Invalid configuration:\nDATABASE_PREPARED_STATEMENTS=false is for a transaction pooler in DATABASE_URL: set DATABASE_MIGRATION_URL to a direct connection to PostgreSQL (migrations hold a session lock a transaction pooler cannot keep)',
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
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxWaitMs: e.DATABASE_READ_MAX_WAIT_MS,
    dataDir: path.resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    jwtSecretPrevious: e.JWT_SECRET_PREVIOUS,
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
      supplierBreaker: {
        threshold: e.SUPPLIER_BREAKER_THRESHOLD,
        windowMinutes: e.SUPPLIER_BREAKER_WINDOW_MINUTES,
        minSample: e.SUPPLIER_BREAKER_MIN_SAMPLE,
        cooldownMinutes: e.SUPPLIER_BREAKER_COOLDOWN_MINUTES,
        probeSample: e.SUPPLIER_BREAKER_PROBE_SAMPLE,
        intervalMs: e.SUPPLIER_BREAKER_INTERVAL_SECONDS * 1000,
      },
    },
    suppliers: supplierSettingsFrom(e, e.SUPPLIER_TIMEOUT_MS),
    vtpass: vtpassSettingsFrom(e, e.SUPPLIER_TIMEOUT_MS),
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
    bulk: {
      intervalMs: e.BULK_INTERVAL_MS,
      concurrency: e.BULK_CONCURRENCY,
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
      retentionDays: e.WEBHOOK_RETENTION_DAYS,
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      allowHttp: e.WEBHOOK_ALLOW_HTTP,
    },
    metricsToken: e.METRICS_TOKEN,
  };
};

/** The suppliers' settings alone, from the given settings (tests and benches). */
export const loadSupplierSettings = (
  env: Record<string, string | undefined>,
): Record<TSupplier, SupplierSettings> => loadConfig(env).suppliers;
