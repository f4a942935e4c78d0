import type { AppContext } from '../app-context.ts';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency-store.ts';
import { reconcileFundings } from '../modules/funding/funding.service.ts';
import { sendMailBatch } from '../modules/mail/mail-campaigns.service.ts';
import { reconcileOnce } from '../modules/vending/reconciler.ts';
import { reconcileWithdrawals } from '../modules/withdraw/withdraw.service.ts';
import { deliverDueWebhooks } from '../modules/webhooks/webhook-delivery.ts';

/**
 * Runs `pass` every `intervalMs` (never two passes at once) until stopped; 0 = never. A failed pass is
 * logged and the next one runs as usual.
 */
const every = (
  ctx: AppContext,
  name: string,
  intervalMs: number,
  pass: () => Promise<unknown>,
): { stop: () => Promise<void> } => {
  if (intervalMs <= 0) return { stop: async () => undefined };
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await pass();
      } catch (error) {
        ctx.logger.error(`${name} pass failed`, { error: String(error) });
      }
    });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};

/**
 * Runs the background work until stopped. Every RECONCILE_INTERVAL_MS: re-queries of unsettled
 * purchases, withdrawals and fundings, admin mail left unsent and expired idempotency keys. Every
 * WEBHOOK_INTERVAL_MS, on
 * its own timer so a slow supplier re-query never holds webhooks back: the webhook outbox, pass
 * after pass while full batches keep coming. Each pass claims its work with SKIP LOCKED, so every
 * server process may run this.
 */
export const startReconciler = (ctx: AppContext): { stop: () => Promise<void> } => {
  const reconciler = every(ctx, 'reconciler', ctx.config.vending.reconcileIntervalMs, async () => {
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
  });
  const webhooks = every(ctx, 'webhook delivery', ctx.config.webhooks.intervalMs, async () => {
    // A backlog drains without waiting an interval per batch; bounded so the timer comes back.
    for (let i = 0; i < 20; i++) {
      if ((await deliverDueWebhooks(ctx)) < ctx.config.webhooks.batchSize) break;
    }
  });
  return {
    stop: async () => {
      await Promise.all([reconciler.stop(), webhooks.stop()]);
    },
  };
};
