import type { TSupplier } from '@vendo/shared/constants';
import type { SupplierSettings } from './providers/vending/suppliers.config.ts';
import type { vtpassSettingsFrom } from './config-suppliers.ts';

/** The settings as the app uses them, made by loadConfig (config.ts) from the environment. */
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
  /**
   * Named prepared statements on PostgreSQL (parsed once per connection). Off behind a
   * transaction pooler (PgBouncer's pool_mode=transaction), which keeps none across transactions:
   * every statement is then an unnamed one.
   */
  databasePreparedStatements: boolean;
  /**
   * A streaming replica for reports (history pages, statements, CSV exports, the dashboard, the
   * sales chart); never balances or anything read and then decided on (decision 0034).
   */
  databaseReadUrl: string | undefined;
  /** How long a report waits for the replica to replay what the primary had; then the primary. */
  databaseReadMaxWaitMs: number;
  dataDir: string;
  jwtSecret: string | undefined;
  /**
   * The secret JWT_SECRET replaced, kept while a rotation settles: sessions it signed still
   * verify, and at start webhook secrets sealed under it are sealed again under the new one.
   */
  jwtSecretPrevious: string | undefined;
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
    /**
     * Each supplier's circuit breaker per product (docs/product-rules.md#supplier-health): below
     * `threshold` (0–1) of successes over `minSample` attempts in the last `windowMinutes` it is
     * skipped; after `cooldownMinutes` it takes purchases again, and `probeSample` attempts
     * decide. The check runs every `intervalMs` in each process (0 = never).
     */
    supplierBreaker: {
      threshold: number;
      windowMinutes: number;
      minSample: number;
      cooldownMinutes: number;
      probeSample: number;
      intervalMs: number;
    };
  };
  /** Each vending supplier's URL, key, timeout and network ids; no URL = the local sandbox. */
  suppliers: Record<TSupplier, SupplierSettings>;
  /** The bills supplier (cable TV, exam PINs): URL (null = the sandbox VTpass), keys, timeout. */
  vtpass: ReturnType<typeof vtpassSettingsFrom>;
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
  /** Bulk purchases' runner (docs/product-rules.md#bulk-purchases). */
  bulk: {
    /** How often a process looks for batches to run or finish (after a restart); 0 = never. */
    intervalMs: number;
    /** Lines one process buys at once. */
    concurrency: number;
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
    /** Delivered and failed events older than this (by creation) are deleted, with their attempts. */
    retentionDays: number;
    /**
     * Local testing only (refused in production): deliver to loopback and private addresses,
     * and over plain http. The SSRF rules hold whenever these are off.
     */
    allowPrivateTargets: boolean;
    allowHttp: boolean;
  };
  /** GET /metrics answers only `Authorization: Bearer <this>`; unset, it is not served (404). */
  metricsToken: string | undefined;
};
