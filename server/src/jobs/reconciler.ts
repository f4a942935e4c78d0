import type { AppContext } from '../app-context.ts';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency-store.ts';
import { reconcileFundings } from '../modules/funding/funding.service.ts';
import { sendMailBatch } from '../modules/mail/mail-campaigns.service.ts';
import { reconcileOnce } from '../modules/vending/reconciler.ts';
import { reconcileWithdrawals } from '../modules/withdraw/withdraw.service.ts';

/**
 * Runs the background work every RECONCILE_INTERVAL_MS until stopped (0 = never): re-queries of
 * unsettled purchases, withdrawals and fundings, admin mail left unsent, and expired idempotency keys. Each pass claims its work with SKIP LOCKED, so every server process
 * may run this.
 */
export const startReconciler = (ctx: AppContext): { stop: () => Promise<void> } => {
  const every = ctx.config.vending.reconcileIntervalMs;
  if (every <= 0) return { stop: async () => undefined };
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await reconcileOnce(ctx);
        await reconcileWithdrawals(ctx);
        await reconcileFundings(ctx);
        // A batch of admin mail a restarted process left unsent.
        await sendMailBatch(ctx);
        // Idempotency keys past their retention (IDEMPOTENCY_KEY_HOURS), a batch per pass.
        await deleteExpiredIdempotencyKeys(ctx.db, {
          keepHours: ctx.config.idempotencyKeyHours,
          limit: 1000,
        });
      } catch (error) {
        ctx.logger.error('reconciler pass failed', { error: String(error) });
      }
    });
  }, every);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};
