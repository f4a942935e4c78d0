import type { TBulkBatchResponse, TBulkKind } from '@vendo/shared/schemas/bulk';
import { csvText, parseCsvRows } from '@/lib/csv';

/**
 * Bulk purchases on the client: lines typed, pasted or uploaded become the request's items (the
 * server checks each one), and a batch's lines become a results file.
 */

/** What the third column holds for each kind. */
export const BULK_THIRD_COLUMN: Record<TBulkKind, 'amount' | 'plan'> = {
  airtime: 'amount',
  data: 'plan',
};

/** A header line ("network, mobile_number, amount"), left out of the items. */
const isHeader = (row: readonly string[]) => /^network$/i.test(row[0] ?? '');

/**
 * The items of a batch from a CSV or pasted text: one line each, network (name or code), phone
 * number, then the amount (airtime) or the plan id (data). A header line is skipped. Each item
 * is sent as written: the server names every line's problem.
 */
export const parseBulkLines = (text: string, kind: TBulkKind): Record<string, string>[] =>
  parseCsvRows(text)
    .filter((row, i) => !(i === 0 && isHeader(row)))
    .map(([network = '', mobile_number = '', third = '']) => ({
      network,
      mobile_number,
      [BULK_THIRD_COLUMN[kind]]: third.replace(/[₦,\s]/g, ''),
    }));

const LINE_STATUS_TEXT = {
  queued: 'Waiting',
  processing: 'Buying',
  success: 'Delivered',
  pending: 'Pending',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;

export const lineStatusText = (status: keyof typeof LINE_STATUS_TEXT): string =>
  LINE_STATUS_TEXT[status];

/** A batch's lines with their outcome, as a spreadsheet opens it. */
export const bulkResultsCsv = (batch: TBulkBatchResponse): string =>
  csvText([
    [
      'line',
      'network',
      'mobile_number',
      BULK_THIRD_COLUMN[batch.kind],
      'charge',
      'status',
      'reference',
      'message',
    ],
    ...batch.lines.map((line) => [
      String(line.line),
      line.network ?? '',
      line.mobile_number ?? '',
      batch.kind === 'airtime'
        ? line.amount === null
          ? ''
          : line.amount.toFixed(2)
        : (line.plan ?? ''),
      line.charge === null ? '' : line.charge.toFixed(2),
      lineStatusText(line.status),
      line.trans_Id ?? '',
      line.message ?? '',
    ]),
  ]);

export const bulkResultsFileName = (reference: string): string =>
  `bulk-${reference.replace(/[^\w-]/g, '')}.csv`;
