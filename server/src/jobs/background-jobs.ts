import type { AppContext } from '../app-context.ts';
import { isDatabaseUnavailable } from '../db/pg-error.ts';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency.repository.ts';
import { isMailServerUnavailable } from '../lib/mailer.ts';
import { reconcileFundings } from '../modules/funding/funding.service.ts';
import { runLedgerCheck } from '../modules/ledger/ledger-check.service.ts';
import { sendMailBatch } from '../modules/mail/mail-campaigns.service.ts';
import { pruneMailOutbox, sendQueuedMail } from '../modules/mail/mail-outbox.ts';
import { outboxComposers } from '../modules/auth/reset-mail.ts';
import { deleteStaleLoginThrottles } from '../modules/auth/login-throttle.ts';
import { foldAllHistoryTotals } from '../modules/transactions/history-fold.ts';
import { reconcileOnce } from '../modules/vending/reconciler.ts';
import { bulkRunnerOf, finishBulkBatches } from '../modules/bulk/bulk-runner.ts';
import { runSupplierHealthCheck } from '../modules/vending/supplier-health.ts';
import { reconcileWithdrawals } from '../modules/withdraw/withdraw.service.ts';
import { deliverDueWebhooks } from '../modules/webhooks/webhook-delivery.ts';
import { pruneWebhookEvents } from '../modules/webhooks/webhooks.repository.ts';

/** Batches of webhook events one delivery pass claims at most (then stop() gets its turn). */
const WEBHOOK_CLAIMS_PER_PASS = 20;

/** The longest pause between passes while a server it needs is out of reach. */
const MAX_BACKOFF_MS = 60_000;

/**
 * How often the history totals' deltas are folded: often enough that a few thousand at most wait
 * for readers to add up, whatever RECONCILE_INTERVAL_MS is (it may be 0 on a process that runs
 * no re-queries).
 */
const HISTORY_FOLD_INTERVAL_MS = 2000;

/**
 * How often a process asks whether the ledger check is due: the record in the database decides,
 * so the check runs about once per LEDGER_CHECK_INTERVAL_SECONDS whatever the number of
 * processes and whenever each started.
 */
const LEDGER_CHECK_TICK_MS = 60_000;

/** What a pass answers when it stopped with work left: the next pass starts at once. */
const MORE_WORK = Symbol('more work');

/**
 * Runs `pass` every `intervalMs` (never two passes at once) until stopped; 0 = never. A pass that
 * answers MORE_WORK is followed at once by the next (a backlog drains without waiting an
 * interval per pass, and stop() still gets its turn between passes). A failed
 * pass is logged and the next one runs as usual, except while the database (or, for mail, the
 * mail server) is out of reach: then the pause doubles, with jitter, up to a minute (one warning
 * when it starts, one line when it is back), so a restart is not met by every loop of every
 * process at once. stop() lets a pass in progress finish and starts no other.
 */
const every = (
  ctx: AppContext,
  name: string,
  intervalMs: number,
  pass: () => Promise<unknown>,
): { stop: () => Promise<void> } => {
  if (intervalMs <= 0) return { stop: async () => undefined };
  // /metrics shows each loop's time since its last good pass (a stuck or failing loop grows it).
  ctx.metrics.jobStarted(name, intervalMs);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let backoffMs = 0;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce();
    }, delayMs);
    timer.unref();
  };
  const runOnce = async () => {
    if (stopped) return;
    let more = false;
    try {
      more = (await pass()) === MORE_WORK;
      ctx.metrics.jobPassed(name);
      if (backoffMs > 0) ctx.logger.info(`${name} resumed`, { afterBackoffMs: backoffMs });
      backoffMs = 0;
    } catch (error) {
      ctx.metrics.jobFailed(name);
      const away = isDatabaseUnavailable(error)
        ? 'database'
        : isMailServerUnavailable(error)
          ? 'mail server'
          : null;
      if (away) {
        if (backoffMs === 0) {
          ctx.logger.warn(`${name} paused: ${away} unavailable`, { error: String(error) });
        }
        backoffMs = Math.min(MAX_BACKOFF_MS, Math.max(intervalMs, backoffMs * 2));
      } else {
        ctx.logger.error(`${name} pass failed`, { error: String(error) });
      }
    }
    schedule(
      backoffMs > 0 ? backoffMs / 2 + Math.random() * (backoffMs / 2) : more ? 0 : intervalMs,
    );
  };
  schedule(intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      ctx.metrics.jobStopped(name);
    },
  };
};

/**
 * Runs the background work until stopped, each loop on a timer of its own, so one that waits
 * (a slow supplier, a mail server that is down) never holds another back:
 * - every RECONCILE_INTERVAL_MS: re-queries of unsettled purchases, withdrawals and fundings,
 *   expired idempotency keys, stale failed-login counts and finished webhook events past their
 *   retention; on its own timer, queued mail (reset links) and admin mail left unsent (batches
 *   until none);
 * - every WEBHOOK_INTERVAL_MS: the webhook outbox, the next pass at once while batches come full;
 * - every 2 s: the history totals' fold (one process at a time folds; the others skip);
 * - every BULK_INTERVAL_MS: bulk purchases' lines not bought yet (after a restart), and batches
 *   to finish;
 * - every LEDGER_CHECK_INTERVAL_SECONDS: the ledger's invariants (one process at a time, and only
 *   when the last run by any process is that old; a violation raises an admin alert);
 * - every SUPPLIER_BREAKER_INTERVAL_SECONDS: each supplier's health per product, measured from
 *   the purchases themselves; a breaker moves by a guarded update, so of several processes only
 *   one moves it and alerts (docs/product-rules.md#supplier-health).
 * Each pass claims its work with SKIP LOCKED, so every server process may run this.
 */
export const startBackgroundJobs = (ctx: AppContext): { stop: () => Promise<void> } => {
  const reconciler = every(ctx, 'reconciler', ctx.config.vending.reconcileIntervalMs, async () => {
    await reconcileOnce(ctx);
    await reconcileWithdrawals(ctx);
    await reconcileFundings(ctx);
    // Idempotency keys past their retention (IDEMPOTENCY_KEY_HOURS), a batch per pass.
    await deleteExpiredIdempotencyKeys(ctx.db, {
      keepHours: ctx.config.idempotencyKeyHours,
      limit: 1000,
    });
    // Failed-login counts of accounts quiet for a window (decision 0028).
    await deleteStaleLoginThrottles(ctx.db, {
      windowSeconds: ctx.config.rateLimits.loginAccount.windowSeconds,
      limit: 1000,
    });
    // Finished webhook events past WEBHOOK_RETENTION_DAYS, at most 10 batches of 1,000 a pass.
    for (let i = 0; i < 10; i++) {
      const pruned = await pruneWebhookEvents(ctx.db, {
        keepDays: ctx.config.webhooks.retentionDays,
        limit: 1000,
      });
      if (pruned < 1000) break;
    }
  });
  // Queued mail (reset links) and admin mail a restarted process left unsent, or that waited
  // for the mail server; finished outbox rows past their week.
  const mail = every(ctx, 'mail', ctx.config.vending.reconcileIntervalMs, async () => {
    for (let i = 0; i < 20; i++) {
      if ((await sendQueuedMail(ctx, outboxComposers)) === 0) break;
    }
    for (let i = 0; i < 20; i++) {
      if ((await sendMailBatch(ctx)) === 0) break;
    }
    await pruneMailOutbox(ctx.db);
  });
  // Up to 20 batches a pass; if every one came full, more may be due: the next pass starts at once.
  const webhooks = every(ctx, 'webhook delivery', ctx.config.webhooks.intervalMs, async () =>
    (await deliverDueWebhooks(ctx, { maxClaims: WEBHOOK_CLAIMS_PER_PASS })) <
    WEBHOOK_CLAIMS_PER_PASS * ctx.config.webhooks.batchSize
      ? undefined
      : MORE_WORK,
  );
  // A backlog drains in full batches, bounded so the timer comes back.
  const fold = every(ctx, 'history fold', HISTORY_FOLD_INTERVAL_MS, () =>
    foldAllHistoryTotals(ctx.db, { maxBatches: 20 }),
  );
  // Bulk purchases: lines left by a restart (or by another process that stopped) are taken up,
  // and batches whose last purchases the reconciler settled are finished (their webhook queued).
  const bulk = every(ctx, 'bulk purchases', ctx.config.bulk.intervalMs, async () => {
    bulkRunnerOf(ctx).kick();
    await finishBulkBatches(ctx);
  });
  const ledgerIntervalMs = ctx.config.ledgerCheckIntervalSeconds * 1000;
  const ledger = every(ctx, 'ledger check', Math.min(ledgerIntervalMs, LEDGER_CHECK_TICK_MS), () =>
    runLedgerCheck(ctx),
  );
  const supplierHealth = every(
    ctx,
    'supplier health',
    ctx.config.vending.supplierBreaker.intervalMs,
    () => runSupplierHealthCheck(ctx),
  );
  return {
    stop: async () => {
      await Promise.all([
        reconciler.stop(),
        mail.stop(),
        webhooks.stop(),
        fold.stop(),
        ledger.stop(),
        supplierHealth.stop(),
        bulk.stop().then(() => bulkRunnerOf(ctx).stop()),
      ]);
    },
  };
};
