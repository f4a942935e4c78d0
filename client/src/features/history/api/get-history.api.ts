import type {
  TTransactionListQuery,
  TTransactionListResponse,
} from '@vendo/shared/schemas/transaction';
import { api } from '@/lib/api';

/**
 * GET /transaction: one page of the history under the filters, with the totals. Provides
 * 'Transactions', so every call that writes a transaction (a purchase, a funding …) refreshes a
 * History screen that is open.
 */
const getHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHistory: build.query<TTransactionListResponse, TTransactionListQuery>({
      query: (params) => ({ url: '/transaction', params }),
      // Filter failures are silent (docs/product-rules.md#messages); the screen shows its own
      // loading and error states.
      extraOptions: { silent: true },
      providesTags: ['Transactions'],
    }),
  }),
});

export const { useGetHistoryQuery } = getHistoryApi;
