import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { transactions } from '../../db/schema/index.ts';
import type { PurchaseKind, SupplierResult } from '../../providers/vending/port.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { claimDuePurchases } from './purchase.repository.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { settlePurchase } from './purchase.service.ts';
import { reconcileWithdrawals } from '../withdraw/withdraw.service.ts';
import { reconcileFundings } from '../funding/funding.service.ts';
import { isUuid } from '../../lib/ids.ts';

/** Re-queries one unsettled purchase and applies the answer (or leaves it pending). */
export const reconcilePurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
): Promise<SupplierResult> => {
  let result: SupplierResult;
  try {
    result = await ctx.suppliers
      .get((purchase.supplier ?? 'ALARO') as 'ALARO' | 'GLAD')
      .query(purchase.type as PurchaseKind, {
        supplierRef: purchase.supplierRef,
        reference: purchase.reference,
      });
  } catch (error) {
    result = {
      outcome: 'pending',
      supplierRef: null,
      message: 'Re-query failed',
      raw: String(error),
    };
  }
  await settlePurchase(ctx, purchase, result);
  return result;
};

/**
 * One pass: claims due purchases (SKIP LOCKED, so several processes can run this), re-queries
 * each outside any transaction, settles what has a definite answer, and sends purchases that are
 * still unsettled after the SLA to the admin queue — never refunding blind.
 */
export const reconcileOnce = async (ctx: AppContext, { limit = 25 } = {}): Promise<number> => {
  const claimed = await ctx.db.transaction((tx) =>
    claimDuePurchases(tx, { limit, retryAfterSeconds: ctx.config.vending.retryAfterSeconds }),
  );
  for (const purchase of claimed) {
    await reconcilePurchase(ctx, purchase);
  }
  const escalated = await ctx.db
    .update(transactions)
    .set({ escalatedAt: sql`now()` })
    .where(
      and(
        sql`${transactions.status} in ('processing', 'pending')`,
        isNull(transactions.escalatedAt),
        lt(
          transactions.createdAt,
          sql`now() - make_interval(secs => ${ctx.config.vending.pendingSlaSeconds})`,
        ),
      ),
    )
    .returning({ id: transactions.id, reference: transactions.reference });
  for (const row of escalated) {
    await raiseAlert(
      ctx,
      'purchase_sla',
      `Purchase ${row.reference} is still unconfirmed by the supplier: review it in the admin queue.`,
      row.id,
    );
  }
  return claimed.length;
};

/** Runs reconcileOnce every RECONCILE_INTERVAL_MS until stopped (0 = never). */
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

/** A purchase as staff see it for the admin queue. */
export const findPurchase = async (ctx: AppContext, id: string): Promise<TransactionRow | null> => {
  if (!isUuid(id)) return null;
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  return row ?? null;
};
