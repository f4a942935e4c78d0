import {
  ZBulkBatchesResponse,
  ZBulkBatchResponse,
  ZBulkPreviewResponse,
  ZBulkRequest,
  ZBulkStartedResponse,
} from '@vendo/shared/schemas/bulk';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { koboToNaira } from '@vendo/shared/money';
import { z } from 'zod';
import { reply, route } from '../../api/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { apiError } from '../../openapi/operation.ts';
import { findBatchByRequestId } from './bulk.repository.ts';
import { bulkBatch, bulkBatches, cancelBulk, previewBulk, startBulk } from './bulk.service.ts';

const tags = ['Bulk purchases'];

const batchParam = z.object({
  batchId: z.string().describe('The `batchId` POST /buy/bulk answered'),
});

const exampleItems = [
  { network: 'MTN', mobile_number: '08031234567', amount: 500 },
  { network: 2, mobile_number: '08051234567', amount: 200 },
];

/**
 * Bulk purchases (docs/product-rules.md#bulk-purchases): start one (or preview it), follow it,
 * cancel it. By a session or an API token.
 */
export const bulkRoutes = [
  route({
    method: 'post',
    path: '/buy/bulk',
    apiToken: true,
    tags,
    summary: 'Buy airtime or data for many numbers',
    description:
      '`kind`: `airtime` or `data`. `items`: 1 to 500 lines, each as `POST /buy/airtime` (`network`, `mobile_number`, `amount`) or `POST /buy/data` (`network`, `mobile_number`, `plan`) takes it; `network` may also be a name (`MTN`). With `preview: true` every line is checked and priced and nothing is charged: the answer names each line’s problem and the total. Without it the batch is refused while any line has a problem or your balance cannot cover the whole batch; otherwise it starts in the background (`202`, `batchId`). Each line is then a purchase of its own (its receipt, pending and refund as a single purchase; its `request_id` is `<reference>-<line>`), charged as it is bought, never twice. Follow it at `GET /buy/bulk/{batchId}`; an API user with a webhook URL is sent `bulk.completed` when every line has its outcome.',
    access: 'user',
    idempotent: true,
    recover: async (ctx, req, { key }) => {
      const batch = await findBatchByRequestId(ctx.db, {
        userId: currentUser(req).id,
        requestId: key,
      });
      if (!batch) return null;
      return {
        status: 202,
        body: {
          msg: `Batch ${batch.reference} started`,
          batchId: batch.id,
          reference: batch.reference,
          total: batch.total,
          totalAmount: koboToNaira(batch.totalChargeKobo),
        },
      };
    },
    body: ZBulkRequest,
    bodyExamples: {
      preview: {
        summary: 'Preview two airtime lines',
        value: { kind: 'airtime', preview: true, items: exampleItems },
      },
      start: { summary: 'Start the batch', value: { kind: 'airtime', items: exampleItems } },
    },
    answers: {
      200: {
        description: 'The preview: each line checked and priced',
        schema: ZBulkPreviewResponse,
      },
      202: { description: 'Started', schema: ZBulkStartedResponse },
    },
    errors: {
      400: {
        line: {
          summary: 'A line has a problem',
          value: apiError(
            'VALIDATION_ERROR',
            'Line 2: Please check the phone number entered. Preview the batch to see every problem.',
          ),
        },
        balance: {
          summary: 'The balance cannot cover the batch',
          value: apiError(
            'INSUFFICIENT_BALANCE',
            'Insufficient balance: the batch costs ₦9,900.00 and your balance is ₦5,000.00',
          ),
        },
      },
      409: true,
    },
    handler: async ({ ctx, user, body, req }) =>
      body.preview
        ? reply(200, await previewBulk(ctx, user, body))
        : reply(
            202,
            await startBulk(ctx, user, { ...body, requestId: req.idempotencyKey ?? null }),
          ),
  }),
  route({
    method: 'get',
    path: '/buy/bulk',
    apiToken: true,
    tags,
    summary: 'Your latest bulk purchases',
    access: 'user',
    answers: { 200: { description: 'The 20 latest, newest first', schema: ZBulkBatchesResponse } },
    handler: async ({ ctx, user }) => reply(200, await bulkBatches(ctx, user)),
  }),
  route({
    method: 'get',
    path: '/buy/bulk/{batchId}',
    apiToken: true,
    tags,
    summary: 'A bulk purchase’s progress and lines',
    description:
      '`done` counts lines with a final outcome (`success`, `failed` or `cancelled`); `pending` the lines sent and not confirmed yet. Each line links its purchase (`transactionId`, `trans_Id`).',
    access: 'user',
    params: batchParam,
    answers: { 200: { description: 'The batch', schema: ZBulkBatchResponse } },
    errors: { 404: true },
    handler: async ({ ctx, user, params }) =>
      reply(200, await bulkBatch(ctx, user, params.batchId)),
  }),
  route({
    method: 'post',
    path: '/buy/bulk/{batchId}/cancel',
    apiToken: true,
    tags,
    summary: 'Cancel a bulk purchase',
    description:
      'Lines not sent yet are never bought or charged; lines being bought at that moment finish as they would.',
    access: 'user',
    idempotent: true,
    params: batchParam,
    answers: {
      200: {
        description: 'Cancelled',
        schema: ZMsgResponse.extend({ batch: ZBulkBatchResponse }),
      },
    },
    errors: { 404: true, 409: true },
    handler: async ({ ctx, user, params }) =>
      reply(200, await cancelBulk(ctx, user, params.batchId)),
  }),
];
