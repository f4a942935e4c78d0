import type { TSupplier } from '@vendo/shared/constants';
import type { AppContext } from '../../app-context.ts';
import type { SupplierMismatch } from '../../db/schema/index.ts';
import type { PurchaseKind, SupplierResult } from '../../providers/vending/port.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import {
  finishRun,
  listRuns,
  settledPurchasesOfDay,
  startRun,
} from './supplier-reconciliation.repository.ts';

/**
 * Supplier reconciliation: `ledger:verify` proves our books balance; this proves they agree with
 * the suppliers'. Every settled purchase of a day is re-queried (outside any transaction) and
 * compared: we refunded what the supplier delivered, we booked a sale the supplier failed, or
 * the supplier gave no definite answer. Mismatches are stored with the run and alerted; nothing
 * is changed (an admin decides, with the staff refund and its audit).
 */

/** Today's date in Lagos (YYYY-MM-DD). */
export const lagosToday = (now = new Date()): string =>
  new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

const compare = (purchase: TransactionRow, theirs: SupplierResult): SupplierMismatch | null => {
  const base = {
    transactionId: purchase.id,
    reference: purchase.reference,
    supplier: purchase.supplier ?? '',
    ours: purchase.status,
    theirs: theirs.outcome,
    message: theirs.message,
  };
  if (theirs.outcome === 'pending') return { ...base, kind: 'unanswered' };
  if (purchase.status === 'success' && theirs.outcome === 'failed') {
    return { ...base, kind: 'sold_but_failed' };
  }
  if (purchase.status !== 'success' && theirs.outcome === 'success') {
    return { ...base, kind: 'refunded_but_delivered' };
  }
  return null;
};

const ask = async (ctx: AppContext, purchase: TransactionRow): Promise<SupplierResult> => {
  try {
    return await ctx.suppliers
      .get((purchase.supplier ?? 'ALARO') as TSupplier)
      .query(purchase.type as PurchaseKind, {
        supplierRef: purchase.supplierRef,
        reference: purchase.reference,
      });
  } catch (error) {
    return {
      outcome: 'pending',
      supplierRef: null,
      message: 'Re-query failed',
      raw: String(error),
    };
  }
};

/** Reconciles one Lagos day; a few re-queries at a time. */
export const reconcileSuppliers = async (
  ctx: AppContext,
  day: string,
  { concurrency = 4 } = {},
): Promise<{ runId: number; checked: number; mismatches: SupplierMismatch[] }> => {
  const runId = await startRun(ctx.db, day);
  const purchases = await settledPurchasesOfDay(ctx.db, day);
  const mismatches: SupplierMismatch[] = [];
  let next = 0;
  const worker = async () => {
    while (next < purchases.length) {
      const purchase = purchases[next++]!;
      const mismatch = compare(purchase, await ask(ctx, purchase));
      if (mismatch) mismatches.push(mismatch);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, purchases.length) }, worker));
  mismatches.sort((a, b) => a.reference.localeCompare(b.reference));
  await finishRun(ctx.db, runId, { checked: purchases.length, mismatches });
  for (const m of mismatches) {
    await raiseAlert(
      ctx,
      'supplier_mismatch',
      `${m.supplier} says ${m.theirs} for ${m.reference}, which we booked as ${m.ours} (${m.kind.replaceAll('_', ' ')}).`,
      m.transactionId,
    );
  }
  return { runId, checked: purchases.length, mismatches };
};

/** GET /admin/reconcileSuppliers: the latest runs, newest first. */
export const reconciliationRuns = async (ctx: AppContext) =>
  (await listRuns(ctx.db)).map((run) => ({
    id: run.id,
    day: run.day,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    checked: run.checked,
    mismatches: run.mismatches,
  }));
