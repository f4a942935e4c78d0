import type { TTransactionResponse } from '@vendo/shared/schemas/transaction';
import { api } from '@/lib/api';

/**
 * GET /transaction/:id: one receipt (the caller's own; staff may read any). A receipt link works
 * after a reload, and a pending receipt can be checked again.
 */
const getTransactionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTransaction: build.query<TTransactionResponse, string>({
      query: (id) => ({ url: `/transaction/${encodeURIComponent(id)}` }),
      // The receipt screen shows its own loading state and "Checking..." button.
      extraOptions: { silent: true },
      // A status can change at any moment: never serve an old copy to a new screen.
      keepUnusedDataFor: 0,
      providesTags: (_answer, _error, id) => [{ type: 'Transactions', id }],
    }),
  }),
});

export const { useGetTransactionQuery, useLazyGetTransactionQuery } = getTransactionApi;
