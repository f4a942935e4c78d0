import type { TBulkBatchSummary, TBulkKind } from '@vendo/shared/schemas/bulk';
import { koboToNaira } from '@vendo/shared/money';
import type { DbOrTx } from '../../db/client.ts';
import {
  countBatchLines,
  type BatchCounts,
  type BatchLineView,
  type BulkBatchRow,
} from './bulk.repository.ts';

/** A batch's progress as GET /buy/bulk and its end's webhook (bulk.completed) show it. */
export const summaryOf = (
  batch: BulkBatchRow,
  counts: BatchCounts | undefined,
): TBulkBatchSummary => {
  const c = counts ?? {
    queued: batch.total,
    processing: 0,
    success: 0,
    pending: 0,
    failed: 0,
    cancelled: 0,
    chargedKobo: 0,
  };
  return {
    batchId: batch.id,
    reference: batch.reference,
    kind: batch.kind as TBulkKind,
    status: batch.status as TBulkBatchSummary['status'],
    total: batch.total,
    done: c.success + c.failed + c.cancelled,
    success: c.success,
    failed: c.failed,
    pending: c.pending + c.processing,
    queued: c.queued,
    cancelled: c.cancelled,
    totalAmount: koboToNaira(batch.totalChargeKobo),
    charged: koboToNaira(c.chargedKobo),
    createdAt: batch.createdAt.toISOString(),
    finishedAt: batch.finishedAt ? batch.finishedAt.toISOString() : null,
  };
};

/** A batch's summary as its end's webhook reports it (bulk.completed). */
export const batchSummary = async (db: DbOrTx, batch: BulkBatchRow) =>
  summaryOf(batch, (await countBatchLines(db, [batch.id])).get(batch.id));

/** The counts of a batch whose lines are already read (its page): no second query over them. */
export const countsOfLines = (lines: readonly BatchLineView[]): BatchCounts => {
  const counts: BatchCounts = {
    queued: 0,
    processing: 0,
    success: 0,
    pending: 0,
    failed: 0,
    cancelled: 0,
    chargedKobo: 0,
  };
  for (const line of lines) {
    counts[line.view] += 1;
    counts.chargedKobo += line.chargedKobo;
  }
  return counts;
};
