import { formatNaira, koboToNaira } from '@vendo/shared/money';
import type { AppContext } from '../../app-context.ts';
import type { SupplierFloatCheck, SupplierMismatch } from '../../db/schema/index.ts';
import type { SupplierResult } from '../../providers/vending/port.ts';
import { raiseAlertOnce } from '../alerts/alerts.service.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { checkAnswer, type CheckedResult } from './answer-check.ts';
import { queryOrder } from './purchase-orders.ts';
import { refundReversedPurchase } from './purchase-refunds.ts';
import {
  finishRun,
  listRuns,
  settledPurchasesOfDay,
  startRun,
} from './supplier-reconciliation.repository.ts';

/**
 * Supplier reconciliation: `ledger:verify` proves our books balance; this proves they agree with
 * the suppliers'. Every settled purchase of a day is re-queried (outside any transaction), its
 * answer checked against the order (answer-check.ts), and compared: we refunded what the supplier
 * delivered, we booked a sale the supplier failed, the supplier gave no definite answer, or
 * answered about another order. Those are stored with the run and alerted once each; nothing is
 * changed for them (an admin decides, with the staff refund and its audit). One thing is acted
 * on: a delivered purchase the supplier says it reversed is refunded (once, whoever races).
 *
 * The same answers measure each supplier's float (decision 0026): over the day's delivered
 * purchases, Σ (balance_before − balance_after) the supplier reports against Σ our cost; a
 * difference is alerted once per supplier and day.
 */

/** Today's date in Lagos (YYYY-MM-DD). */
export const lagosToday = (now = new Date()): string =>
  new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

/** How many differing purchases a float check names. */
const DIFFERING_LIMIT = 20;

const compare = (purchase: TransactionRow, theirs: CheckedResult): SupplierMismatch | null => {
  const base = {
    transactionId: purchase.id,
    reference: purchase.reference,
    supplier: purchase.supplier ?? '',
    ours: purchase.status,
    theirs: theirs.outcome,
    message: theirs.message,
  };
  if (theirs.mismatches) return { ...base, kind: 'answer_mismatch' };
  if (theirs.outcome === 'pending') return { ...base, kind: 'unanswered' };
  if (purchase.status === 'success' && theirs.outcome === 'failed') {
    return { ...base, kind: 'sold_but_failed' };
  }
  if (purchase.status !== 'success' && theirs.outcome === 'success') {
    return { ...base, kind: 'refunded_but_delivered' };
  }
  return null;
};

const ask = async (ctx: AppContext, purchase: TransactionRow): Promise<CheckedResult> => {
  let result: SupplierResult;
  try {
    // Cable and exam orders go to the bills supplier, re-queried by their stored request id.
    result = await queryOrder(ctx, purchase);
  } catch (error) {
    result = {
      outcome: 'pending',
      supplierRef: null,
      message: 'Re-query failed',
      raw: String(error),
    };
  }
  return checkAnswer(purchase, result);
};

/** A delivered purchase's charge as its supplier reported it, for the float check. */
type FloatSample = { purchase: TransactionRow; chargedKobo: number | null };

/** Each supplier's float movement against our cost, over its delivered purchases of the day. */
export const floatChecks = (samples: readonly FloatSample[]): SupplierFloatCheck[] => {
  const bySupplier = new Map<string, SupplierFloatCheck>();
  for (const { purchase, chargedKobo } of samples) {
    const supplier = purchase.supplier ?? '';
    const check = bySupplier.get(supplier) ?? {
      supplier,
      delivered: 0,
      measured: 0,
      movementKobo: 0,
      costKobo: 0,
      differenceKobo: 0,
      differing: [],
    };
    check.delivered += 1;
    if (chargedKobo !== null) {
      check.measured += 1;
      check.movementKobo += chargedKobo;
      check.costKobo += purchase.costKobo;
      check.differenceKobo = check.movementKobo - check.costKobo;
      if (chargedKobo !== purchase.costKobo && check.differing.length < DIFFERING_LIMIT) {
        check.differing.push(purchase.reference);
      }
    }
    bySupplier.set(supplier, check);
  }
  return [...bySupplier.values()].sort((a, b) => a.supplier.localeCompare(b.supplier));
};

/** What one purchase's re-query found, and what was done about it. */
const reconcileOne = async (
  ctx: AppContext,
  purchase: TransactionRow,
): Promise<{ mismatch: SupplierMismatch | null; sample: FloatSample | null }> => {
  const theirs = await ask(ctx, purchase);
  if (theirs.mismatches) {
    // The same alert the purchase's own settle raises: one per purchase, ever.
    await raiseAlertOnce(ctx, {
      kind: 'supplier_answer_mismatch',
      subject: purchase.id,
      transactionId: purchase.id,
      message: `${theirs.message} for purchase ${purchase.reference} (status ${purchase.status}), found by supplier reconciliation.`,
    });
  }
  if (theirs.outcome === 'reversed' && purchase.status === 'success') {
    const reversed = await refundReversedPurchase(ctx, purchase, theirs);
    // Refunded by a racing run or a staff re-query meanwhile: it agrees now.
    if (!reversed) return { mismatch: null, sample: null };
    return {
      mismatch: {
        transactionId: purchase.id,
        reference: purchase.reference,
        supplier: purchase.supplier ?? '',
        ours: 'success',
        theirs: 'reversed',
        message: theirs.message,
        kind: 'refunded_by_reversal',
      },
      sample: null,
    };
  }
  const mismatch = compare(purchase, theirs);
  if (mismatch) {
    await raiseAlertOnce(ctx, {
      kind: 'supplier_mismatch',
      subject: `${mismatch.kind}:${purchase.id}`,
      transactionId: purchase.id,
      message: `${mismatch.supplier} says ${mismatch.theirs} for ${mismatch.reference}, which we booked as ${mismatch.ours} (${mismatch.kind.replaceAll('_', ' ')}).`,
    });
  }
  const delivered = purchase.status === 'success' && theirs.outcome === 'success';
  if (!delivered) return { mismatch, sample: null };
  const { balanceBeforeKobo: before, balanceAfterKobo: after } = theirs.answered ?? {};
  return {
    mismatch,
    sample: {
      purchase,
      chargedKobo: before !== undefined && after !== undefined ? before - after : null,
    },
  };
};

/** A day's float difference at one supplier, alerted once per supplier and day. */
const alertFloatDifference = async (ctx: AppContext, day: string, check: SupplierFloatCheck) => {
  if (check.differenceKobo === 0) return;
  const more = check.differenceKobo > 0 ? 'more' : 'less';
  await raiseAlertOnce(ctx, {
    kind: 'float_mismatch',
    subject: `${check.supplier}:${day}`,
    message: `On ${day} our float at ${check.supplier} moved ${formatNaira(check.movementKobo)} for ${check.measured} delivered purchase(s) that cost us ${formatNaira(check.costKobo)}: ${formatNaira(Math.abs(check.differenceKobo))} ${more} than our cost (${check.differing.join(', ')}).`,
  });
};

/** Reconciles one Lagos day; a few re-queries at a time. */
export const reconcileSuppliers = async (
  ctx: AppContext,
  day: string,
  { concurrency = 4 } = {},
): Promise<{
  runId: number;
  checked: number;
  mismatches: SupplierMismatch[];
  floats: SupplierFloatCheck[];
}> => {
  const runId = await startRun(ctx.db, day);
  const purchases = await settledPurchasesOfDay(ctx.db, day);
  const mismatches: SupplierMismatch[] = [];
  const samples: FloatSample[] = [];
  let next = 0;
  const worker = async () => {
    while (next < purchases.length) {
      const { mismatch, sample } = await reconcileOne(ctx, purchases[next++]!);
      if (mismatch) mismatches.push(mismatch);
      if (sample) samples.push(sample);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, purchases.length) }, worker));
  mismatches.sort((a, b) => a.reference.localeCompare(b.reference));
  const floats = floatChecks(samples);
  await finishRun(ctx.db, runId, { checked: purchases.length, mismatches, floats });
  for (const check of floats) await alertFloatDifference(ctx, day, check);
  return { runId, checked: purchases.length, mismatches, floats };
};

/** GET /admin/reconcileSuppliers: the latest runs, newest first (money in naira). */
export const reconciliationRuns = async (ctx: AppContext) =>
  (await listRuns(ctx.db)).map((run) => ({
    id: run.id,
    day: run.day,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    checked: run.checked,
    mismatches: run.mismatches,
    floats: run.floats.map((f) => ({
      supplier: f.supplier,
      delivered: f.delivered,
      measured: f.measured,
      movement: koboToNaira(f.movementKobo, { allowNegative: true }),
      cost: koboToNaira(f.costKobo),
      difference: koboToNaira(f.differenceKobo, { allowNegative: true }),
      differing: f.differing,
    })),
  }));
