import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { api } from '@/lib/api';
import { purchaseAnswered } from '@/lib/api-events';

export type TTransferRequest = { userName: string; amount: number };
export type TTransferAnswer = { msg: string; balance: number; receipt: TTransaction | null };

/**
 * POST /auth/transferFund {userName, amount in naira} with an Idempotency-Key. The answer's
 * balance becomes the wallet's and its receipt goes first in the recent transactions (the same
 * event a purchase reports, so the landing bundle's slices need nothing new).
 */
const transferFundApi = api.injectEndpoints({
  endpoints: (build) => ({
    transferFund: build.mutation<
      TTransferAnswer,
      { body: TTransferRequest; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: '/auth/transferFund',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: 'Sending money...' },
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          if (typeof data.balance === 'number') {
            dispatch(purchaseAnswered({ balance: data.balance, receipt: data.receipt ?? null }));
          }
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const { useTransferFundMutation } = transferFundApi;
