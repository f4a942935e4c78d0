import type {
  TBulkBatchesResponse,
  TBulkBatchResponse,
  TBulkKind,
  TBulkPreviewResponse,
  TBulkStartedResponse,
} from '@vendo/shared/schemas/bulk';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api, MONEY_MOVED } from '@/lib/api';

type TBulkBody = { kind: TBulkKind; items: Record<string, string>[] };

/**
 * Bulk purchases: check and price a batch (nothing charged), start it (202, it runs in the
 * background), follow it, cancel it.
 */
const bulkApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewBulk: build.mutation<TBulkPreviewResponse, TBulkBody>({
      query: (body) => ({ url: '/buy/bulk', method: 'POST', data: { ...body, preview: true } }),
      extraOptions: { loadingText: 'Checking the lines...' },
    }),
    startBulk: build.mutation<TBulkStartedResponse, { body: TBulkBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/bulk',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: 'Starting the batch...' },
      invalidatesTags: ['BulkBatches'],
    }),
    getBulkBatches: build.query<TBulkBatchesResponse, undefined>({
      query: () => ({ url: '/buy/bulk' }),
      extraOptions: { silent: true },
      providesTags: ['BulkBatches'],
    }),
    getBulkBatch: build.query<TBulkBatchResponse, string>({
      query: (batchId) => ({ url: `/buy/bulk/${encodeURIComponent(batchId)}` }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
      providesTags: (_answer, _error, batchId) => [{ type: 'BulkBatches', id: batchId }],
    }),
    cancelBulk: build.mutation<TMsgResponse & { batch: TBulkBatchResponse }, string>({
      query: (batchId) => ({
        url: `/buy/bulk/${encodeURIComponent(batchId)}/cancel`,
        method: 'POST',
      }),
      extraOptions: { loadingText: 'Cancelling...' },
      invalidatesTags: (_answer, _error, batchId) => [
        'BulkBatches',
        { type: 'BulkBatches', id: batchId },
        ...MONEY_MOVED,
      ],
    }),
  }),
});

export const {
  usePreviewBulkMutation,
  useStartBulkMutation,
  useGetBulkBatchesQuery,
  useGetBulkBatchQuery,
  useCancelBulkMutation,
} = bulkApi;
