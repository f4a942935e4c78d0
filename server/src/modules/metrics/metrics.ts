import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/client.ts';

/**
 * The app's Prometheus metrics (GET /metrics, docs/operations.md "Metrics"): one registry per
 * app context, so tests that build many apps in one process never share (or re-register) one.
 * Services record events through the methods of `Metrics` (ctx.metrics); what is a state of
 * the database or of a supplier is read when Prometheus scrapes (metrics-scrape.ts).
 */

/** How a purchase's first answer went, as its buyer was told (200, 400 refunded, 202). */
export type PurchaseOutcome = 'success' | 'refunded' | 'pending';
/** The final state a purchase reached from unsettled. */
export type SettleOutcome = 'success' | 'refunded';
/**
 * Why money went back to a buyer: the supplier said it failed; it never reached the supplier;
 * the 24-hour rule; the supplier reversed a delivered purchase; an admin reversed one; PINs not
 * delivered of a purchase delivered in part.
 */
export type RefundCause =
  | 'supplier_failed'
  | 'not_received'
  | 'auto_refund'
  | 'supplier_reversal'
  | 'staff_reversal'
  /** PINs the supplier did not deliver of a purchase it delivered in part. */
  | 'undelivered';

type JobState = { intervalMs: number; startedAt: number; lastSuccessAt: number | null };

/** Every metric name this app exposes besides the process defaults (the docs test holds it). */
export const METRIC_NAMES = {
  httpRequests: 'vendo_http_requests_total',
  httpDuration: 'vendo_http_request_duration_seconds',
  purchases: 'vendo_purchases_total',
  settleSeconds: 'vendo_purchase_settle_seconds',
  pending: 'vendo_purchases_pending',
  pendingOldest: 'vendo_purchases_pending_oldest_age_seconds',
  pendingSla: 'vendo_purchase_pending_sla_seconds',
  refunds: 'vendo_refunds_total',
  supplierRatio: 'vendo_supplier_success_ratio',
  supplierSettled: 'vendo_supplier_settled_last_hour',
  supplierFloat: 'vendo_supplier_float_naira',
  floatLow: 'vendo_supplier_float_low_naira',
  webhookBacklog: 'vendo_webhook_backlog',
  webhookOldest: 'vendo_webhook_backlog_oldest_age_seconds',
  webhookFailures: 'vendo_webhook_delivery_failures_total',
  loopAge: 'vendo_loop_last_success_age_seconds',
  loopInterval: 'vendo_loop_interval_seconds',
  loopFailures: 'vendo_loop_failures_total',
  poolInUse: 'vendo_db_pool_in_use',
  poolIdle: 'vendo_db_pool_idle',
  poolWaiting: 'vendo_db_pool_waiting',
  poolMax: 'vendo_db_pool_max',
  dbUp: 'vendo_metrics_db_up',
  ledgerOk: 'vendo_ledger_check_ok',
  ledgerLastRun: 'vendo_ledger_check_last_run_timestamp_seconds',
  ledgerViolated: 'vendo_ledger_check_violated_invariants',
  ledgerInterval: 'vendo_ledger_check_interval_seconds',
} as const;

const N = METRIC_NAMES;

const gauge = (registry: Registry, name: string, help: string, labelNames: string[] = []) =>
  new Gauge({ name, help, labelNames, registers: [registry] });

export const createMetrics = ({
  processDefaults = false,
  poolStats,
}: {
  /** The process and Node.js defaults (CPU, memory, event loop, GC): only when served. */
  processDefaults?: boolean;
  /** PostgreSQL's pool counts; none on PGlite (one connection, no pool). */
  poolStats?: (() => PoolStats) | undefined;
} = {}) => {
  const registry = new Registry();
  if (processDefaults) collectDefaultMetrics({ register: registry });

  const http = {
    requests: new Counter({
      name: N.httpRequests,
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: N.httpDuration,
      help: 'Time to answer an HTTP request, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers: [registry],
    }),
  };
  const purchases = new Counter({
    name: N.purchases,
    help: 'Purchases debited, by product, network, supplier and the outcome of their first answer',
    labelNames: ['product', 'network', 'supplier', 'outcome'],
    registers: [registry],
  });
  const settleSeconds = new Histogram({
    name: N.settleSeconds,
    help: 'Time from a purchase’s debit to its final state (delivered or refunded)',
    labelNames: ['product', 'supplier', 'outcome'],
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 300, 900, 1800, 3600, 21_600, 86_400],
    registers: [registry],
  });
  const refunds = new Counter({
    name: N.refunds,
    help: 'Purchases refunded, by cause',
    labelNames: ['cause'],
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: N.webhookFailures,
    help: 'Webhook delivery attempts that got no 2xx (an error, a timeout or another status)',
    registers: [registry],
  });
  const loopFailures = new Counter({
    name: N.loopFailures,
    help: 'Background loop passes that failed (the database or mail server away, or an error)',
    labelNames: ['loop'],
    registers: [registry],
  });

  const gauges = {
    pending: gauge(registry, N.pending, 'Purchases not settled yet (processing or pending)'),
    pendingOldest: gauge(
      registry,
      N.pendingOldest,
      'Age of the oldest purchase not settled yet (absent when none is)',
    ),
    pendingSla: gauge(
      registry,
      N.pendingSla,
      'PENDING_SLA_SECONDS: an unsettled purchase older than this goes to the admin queue',
    ),
    supplierRatio: gauge(
      registry,
      N.supplierRatio,
      'Share of the purchases begun in the last hour and settled that the supplier delivered',
      ['supplier'],
    ),
    supplierSettled: gauge(
      registry,
      N.supplierSettled,
      'Purchases begun in the last hour and settled, per supplier (the ratio’s base)',
      ['supplier'],
    ),
    supplierFloat: gauge(
      registry,
      N.supplierFloat,
      'Our float at the supplier as its account page said (asked at most once a minute)',
      ['supplier'],
    ),
    floatLow: gauge(registry, N.floatLow, 'FLOAT_LOW_NAIRA: a float below this is too low'),
    webhookBacklog: gauge(registry, N.webhookBacklog, 'Webhook events not delivered yet'),
    webhookOldest: gauge(
      registry,
      N.webhookOldest,
      'Age of the oldest webhook event not delivered yet (absent when none is)',
    ),
    loopAge: gauge(
      registry,
      N.loopAge,
      'Seconds since the background loop last finished a pass without error (or started)',
      ['loop'],
    ),
    loopInterval: gauge(registry, N.loopInterval, 'How often the background loop runs', ['loop']),
    poolInUse: gauge(registry, N.poolInUse, 'Database connections checked out (PostgreSQL)'),
    poolIdle: gauge(registry, N.poolIdle, 'Database connections open and idle (PostgreSQL)'),
    poolWaiting: gauge(
      registry,
      N.poolWaiting,
      'Queries waiting for a database connection (PostgreSQL)',
    ),
    poolMax: gauge(registry, N.poolMax, 'DATABASE_POOL_SIZE: the most connections (PostgreSQL)'),
    dbUp: gauge(registry, N.dbUp, '1 when this scrape’s database queries answered, else 0'),
    ledgerOk: gauge(
      registry,
      N.ledgerOk,
      'The last scheduled ledger check: 1 every invariant held, 0 a violation or unfinished',
    ),
    ledgerLastRun: gauge(registry, N.ledgerLastRun, 'When the last scheduled ledger check began'),
    ledgerViolated: gauge(
      registry,
      N.ledgerViolated,
      'Invariants the last scheduled ledger check found violated',
    ),
    ledgerInterval: gauge(
      registry,
      N.ledgerInterval,
      'LEDGER_CHECK_INTERVAL_SECONDS (0: the check is off)',
    ),
  };

  const jobs = new Map<string, JobState>();
  /** The last float each supplier's account page gave, and when. */
  const floats = new Map<string, { kobo: number; at: number }>();

  return {
    registry,
    gauges,
    poolStats,
    jobs: jobs as ReadonlyMap<string, JobState>,
    floats,
    /** One HTTP answer: `route` is its template (never the raw path). */
    httpAnswered: (method: string, route: string, status: number, seconds: number) => {
      const labels = { method, route, status: String(status) };
      http.requests.inc(labels);
      http.duration.observe(labels, seconds);
    },
    /** A purchase was debited and its first answer given. */
    purchase: (labels: {
      product: string;
      network: string;
      supplier: string;
      outcome: PurchaseOutcome;
    }) => purchases.inc(labels),
    /** A purchase moved from unsettled to final: the time since its debit. */
    purchaseSettled: (
      row: { type: string; supplier: string | null; createdAt: Date; settledAt?: Date | null },
      outcome: SettleOutcome,
    ) => {
      const end = row.settledAt?.getTime() ?? Date.now();
      settleSeconds.observe(
        { product: row.type, supplier: row.supplier ?? 'none', outcome },
        Math.max(0, (end - row.createdAt.getTime()) / 1000),
      );
    },
    refund: (cause: RefundCause) => refunds.inc({ cause }),
    webhookFailed: () => webhookFailures.inc(),
    jobStarted: (job: string, intervalMs: number) => {
      jobs.set(job, { intervalMs, startedAt: Date.now(), lastSuccessAt: null });
    },
    jobPassed: (job: string) => {
      const state = jobs.get(job);
      if (state) state.lastSuccessAt = Date.now();
    },
    jobFailed: (loop: string) => loopFailures.inc({ loop }),
    jobStopped: (job: string) => {
      jobs.delete(job);
    },
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
