import { z } from '../zod.ts';
import { AIRTIME_NETWORK_CODES, DATA_NETWORK_CODES, NETWORKS } from '../constants.ts';
import { ZIsoDateTime, ZNaira } from './common.ts';
import { networkByCodeOrName, ZBuyAirtimeRequest, ZBuyDataRequest } from './purchase.ts';

/**
 * Bulk purchases (docs/product-rules.md#bulk-purchases): many airtime or data lines bought in the
 * background under one batch. The request is checked as a whole here; each line is checked by
 * the server with the line schemas below, so one bad line is named rather than refusing the
 * batch unread.
 */

export const BULK_KINDS = ['airtime', 'data'] as const;
export type TBulkKind = (typeof BULK_KINDS)[number];

/** The most lines one batch takes. */
export const BULK_LINES_MAX = 500;

/** One airtime line: as POST /buy/airtime, the network also by name. */
export const ZBulkAirtimeLine = ZBuyAirtimeRequest.omit({ expectedAmount: true }).extend({
  network: networkByCodeOrName(AIRTIME_NETWORK_CODES, 'Please select a network'),
});

/** One data line: as POST /buy/data, the network also by name. */
export const ZBulkDataLine = ZBuyDataRequest.omit({ expectedAmount: true }).extend({
  network: networkByCodeOrName(DATA_NETWORK_CODES, 'Please select a network'),
});

/** POST /buy/bulk. */
export const ZBulkRequest = z.object({
  kind: z.enum(BULK_KINDS, { error: 'Choose airtime or data' }),
  items: z
    .array(z.unknown(), { error: 'Add at least one line' })
    .min(1, 'Add at least one line')
    .max(BULK_LINES_MAX, `A batch takes at most ${BULK_LINES_MAX} lines`),
  /** true: check every line and price the batch, charge nothing. */
  preview: z
    .boolean({ error: 'Say whether to check the lines only (true) or buy them (false)' })
    .optional()
    .default(false),
});
export type TBulkRequest = z.input<typeof ZBulkRequest>;

const ZLineCommon = {
  line: z.number().int().describe('The line number, from 1, in the order sent'),
  network: z.enum(NETWORKS).nullable(),
  mobile_number: z.string().nullable(),
  amount: ZNaira.nullable().describe('Airtime: the face value'),
  plan: z.string().nullable().describe('Data: the plan id'),
  planName: z.string().nullable().describe('Data: the plan as customers see it'),
  charge: ZNaira.nullable().describe('What the line costs you at your tier'),
};

export const ZBulkPreviewLine = z.object({
  ...ZLineCommon,
  error: z.string().nullable().describe('Why this line cannot be bought; null when it can'),
});
export type TBulkPreviewLine = z.infer<typeof ZBulkPreviewLine>;

/** POST /buy/bulk with preview: true. */
export const ZBulkPreviewResponse = z.object({
  msg: z.string(),
  kind: z.enum(BULK_KINDS),
  total: z.number().int().describe('Lines sent'),
  valid: z.number().int(),
  invalid: z.number().int(),
  totalAmount: ZNaira.describe('What the valid lines cost together'),
  balance: ZNaira.describe('Your wallet balance now'),
  lines: z.array(ZBulkPreviewLine),
});
export type TBulkPreviewResponse = z.infer<typeof ZBulkPreviewResponse>;

/** POST /buy/bulk: 202, the batch runs in the background. */
export const ZBulkStartedResponse = z.object({
  msg: z.string(),
  batchId: z.string(),
  reference: z.string(),
  total: z.number().int(),
  totalAmount: ZNaira,
});
export type TBulkStartedResponse = z.infer<typeof ZBulkStartedResponse>;

export const BULK_LINE_STATUSES = [
  'queued',
  'processing',
  'success',
  'pending',
  'failed',
  'cancelled',
] as const;
export type TBulkLineStatus = (typeof BULK_LINE_STATUSES)[number];

export const ZBulkLine = z.object({
  ...ZLineCommon,
  status: z
    .enum(BULK_LINE_STATUSES)
    .describe(
      'queued: not sent yet; processing: being bought; success; pending: the supplier has not confirmed yet (re-queried); failed: refunded or refused (never charged); cancelled: the batch was cancelled before it was sent',
    ),
  transactionId: z.string().nullable().describe("The line's purchase (GET /transaction/{id})"),
  trans_Id: z.string().nullable().describe("The purchase's reference"),
  message: z.string().nullable().describe('Why it failed, or the supplier’s word'),
});
export type TBulkLine = z.infer<typeof ZBulkLine>;

export const BULK_BATCH_STATUSES = ['running', 'done', 'cancelled'] as const;

export const ZBulkBatchSummary = z.object({
  batchId: z.string(),
  reference: z.string(),
  kind: z.enum(BULK_KINDS),
  status: z
    .enum(BULK_BATCH_STATUSES)
    .describe('running; done: every line has its outcome; cancelled: lines not yet sent were not'),
  total: z.number().int(),
  done: z.number().int().describe('Lines with a final outcome: success, failed or cancelled'),
  success: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int().describe('Lines sent and not settled yet (processing or pending)'),
  queued: z.number().int(),
  cancelled: z.number().int(),
  totalAmount: ZNaira.describe('What the batch was priced at when it started'),
  charged: ZNaira.describe('What its delivered and pending lines cost (refunds deducted)'),
  createdAt: ZIsoDateTime,
  finishedAt: ZIsoDateTime.nullable(),
});
export type TBulkBatchSummary = z.infer<typeof ZBulkBatchSummary>;

/** GET /buy/bulk/{batchId}. */
export const ZBulkBatchResponse = ZBulkBatchSummary.extend({ lines: z.array(ZBulkLine) });
export type TBulkBatchResponse = z.infer<typeof ZBulkBatchResponse>;

/** GET /buy/bulk: the caller's latest batches. */
export const ZBulkBatchesResponse = z.object({ batches: z.array(ZBulkBatchSummary) });
export type TBulkBatchesResponse = z.infer<typeof ZBulkBatchesResponse>;
