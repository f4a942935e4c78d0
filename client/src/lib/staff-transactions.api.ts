import type { TRefundRequest } from '@vendo/shared/schemas/admin';
import type { TRequeryPurchaseResponse } from '@vendo/shared/schemas/admin.responses';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api, MONEY_MOVED } from '@/lib/api';

type TRequeryAnswer = TMsgResponse & { status?: string };

/**
 * Staff acts on one transaction (docs/product-rules.md#refunds-and-re-queries): refund a purchase,
 * re-query a purchase, a funding or a withdrawal. Each refreshes the lists and balances that show
 * it.
 */
const staffTransactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    refundTransaction: build.mutation<TMsgResponse, { id: string } & TRefundRequest>({
      query: ({ id, reason }) => ({
        url: `/admin/refund/${encodeURIComponent(id)}`,
        method: 'POST',
        data: reason ? { reason } : {},
      }),
      extraOptions: { loadingText: 'Refunding...' },
      invalidatesTags: [...MONEY_MOVED, 'AdminDashboard'],
    }),
    requeryPurchase: build.mutation<TRequeryPurchaseResponse, string>({
      query: (id) => ({ url: `/admin/requery/${encodeURIComponent(id)}`, method: 'POST' }),
      extraOptions: { loadingText: 'Asking the supplier...' },
      invalidatesTags: [...MONEY_MOVED, 'AdminDashboard'],
    }),
    requeryFunding: build.mutation<TRequeryAnswer, string>({
      query: (id) => ({ url: `/admin/requeryFunding/${encodeURIComponent(id)}`, method: 'POST' }),
      extraOptions: { loadingText: 'Asking the payment provider...' },
      invalidatesTags: [...MONEY_MOVED, 'AdminDashboard'],
    }),
    requeryWithdrawal: build.mutation<TRequeryAnswer, string>({
      query: (transactionId) => ({
        url: '/admin/reQueryWithdrawal',
        method: 'POST',
        data: { transactionId },
      }),
      extraOptions: { loadingText: 'Asking the bank...' },
      invalidatesTags: [...MONEY_MOVED, 'AdminDashboard'],
    }),
  }),
});

export const {
  useRefundTransactionMutation,
  useRequeryPurchaseMutation,
  useRequeryFundingMutation,
  useRequeryWithdrawalMutation,
} = staffTransactionsApi;
