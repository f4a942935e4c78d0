import { withTimeout } from '../../lib/with-timeout.ts';
import { SUPPLIERS } from '@vendo/shared/constants';
import type { AppContext } from '../../app-context.ts';
import type { SupplierBalance } from '../../providers/vending/port.ts';
import { findLedgerCheck } from '../ledger/ledger-check.repository.ts';
import type { Metrics } from './metrics.ts';
import {
  supplierOutcomesLastHour,
  unsettledPurchases,
  webhookBacklog,
} from './metrics.repository.ts';

/**
 * What GET /metrics reads when Prometheus scrapes: the database's state (unsettled purchases,
 * the suppliers' last hour, the webhook backlog, the last ledger check), the suppliers' floats,
 * the background loops' ages and the pool. A scrape always answers: with the database away (no
 * answer within DB_TIMEOUT_MS) its gauges are left out and `vendo_metrics_db_up` is 0; a
 * supplier that does not say its float has no float series.
 */

/** How long a scrape waits for the database (Prometheus's own scrape timeout is 10 s). */
const DB_TIMEOUT_MS = 2000;
/** A float this fresh is not asked again: N processes scraped every 15 s ask N times a minute. */
const FLOAT_MAX_AGE_MS = 60_000;

const readDatabase = (ctx: AppContext) =>
  Promise.all([
    unsettledPurchases(ctx.db),
    supplierOutcomesLastHour(ctx.db),
    webhookBacklog(ctx.db),
    findLedgerCheck(ctx.db),
  ]);

const setDatabaseGauges = (
  { gauges }: Metrics,
  state: Awaited<ReturnType<typeof readDatabase>> | null,
) => {
  // Labelled gauges reset have no series; unlabelled ones reset read 0, so they are removed
  // (no sample: unknown, not zero) and set again below from what the database said.
  gauges.supplierRatio.reset();
  gauges.supplierSettled.reset();
  for (const g of [
    gauges.pending,
    gauges.pendingOldest,
    gauges.webhookBacklog,
    gauges.webhookOldest,
    gauges.ledgerOk,
    gauges.ledgerLastRun,
    gauges.ledgerViolated,
  ]) {
    g.remove();
  }
  gauges.dbUp.set(state ? 1 : 0);
  if (!state) return;
  const [pending, suppliers, backlog, ledger] = state;
  gauges.pending.set(pending.count);
  if (pending.oldestAgeSeconds !== null) gauges.pendingOldest.set(pending.oldestAgeSeconds);
  for (const { supplier, settled, delivered } of suppliers) {
    gauges.supplierSettled.set({ supplier }, settled);
    if (settled > 0) gauges.supplierRatio.set({ supplier }, delivered / settled);
  }
  gauges.webhookBacklog.set(backlog.count);
  if (backlog.oldestAgeSeconds !== null) gauges.webhookOldest.set(backlog.oldestAgeSeconds);
  if (ledger) {
    gauges.ledgerOk.set(ledger.ok ? 1 : 0);
    gauges.ledgerLastRun.set(new Date(ledger.at).getTime() / 1000);
    gauges.ledgerViolated.set(ledger.violations.length);
  }
};

/** A float refresh in progress, shared by scrapes that arrive meanwhile. */
const refreshing = new WeakMap<Metrics, Promise<void>>();

/** Asks each supplier whose float is older than FLOAT_MAX_AGE_MS (all at once, bounded). */
const refreshFloats = (ctx: AppContext): Promise<void> => {
  const { floats } = ctx.metrics;
  const running = refreshing.get(ctx.metrics);
  if (running) return running;
  const now = Date.now();
  const work = Promise.all(
    SUPPLIERS.map(async (supplier) => {
      const known = floats.get(supplier);
      if (known && now - known.at < FLOAT_MAX_AGE_MS) return;
      let answer: SupplierBalance;
      try {
        answer = await ctx.suppliers
          .get(supplier)
          .balance({ timeoutMs: ctx.config.vending.floatTimeoutMs });
      } catch (error) {
        answer = { error: String(error) };
      }
      if ('error' in answer) floats.delete(supplier);
      else floats.set(supplier, { kobo: answer.balanceKobo, at: now });
    }),
  ).then(
    () => undefined,
    () => undefined,
  );
  const done = work.finally(() => refreshing.delete(ctx.metrics));
  refreshing.set(ctx.metrics, done);
  return done;
};

/** Sets every scrape-time gauge; never throws. */
export const refreshScrapeGauges = async (ctx: AppContext): Promise<void> => {
  const { metrics, config } = ctx;
  const { gauges } = metrics;
  const [state] = await Promise.all([
    withTimeout(readDatabase(ctx), DB_TIMEOUT_MS).catch(() => null),
    refreshFloats(ctx),
  ]);
  setDatabaseGauges(metrics, state);

  gauges.supplierFloat.reset();
  for (const [supplier, { kobo }] of metrics.floats) {
    gauges.supplierFloat.set({ supplier }, kobo / 100);
  }
  gauges.floatLow.set(config.vending.floatLowKobo / 100);
  gauges.pendingSla.set(config.vending.pendingSlaSeconds);
  gauges.ledgerInterval.set(config.ledgerCheckIntervalSeconds);

  const now = Date.now();
  gauges.loopAge.reset();
  gauges.loopInterval.reset();
  for (const [loop, { intervalMs, startedAt, lastSuccessAt }] of metrics.jobs) {
    gauges.loopAge.set({ loop }, (now - (lastSuccessAt ?? startedAt)) / 1000);
    gauges.loopInterval.set({ loop }, intervalMs / 1000);
  }

  const pool = metrics.poolStats?.();
  if (pool) {
    gauges.poolInUse.set(pool.total - pool.idle);
    gauges.poolIdle.set(pool.idle);
    gauges.poolWaiting.set(pool.waiting);
    gauges.poolMax.set(pool.max);
  } else {
    for (const g of [gauges.poolInUse, gauges.poolIdle, gauges.poolWaiting, gauges.poolMax]) {
      g.remove();
    }
  }
};
