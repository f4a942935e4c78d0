import type { TTransferRequest } from '@vendo/shared/schemas/wallet';
import type { TTransferResponse } from '@vendo/shared/schemas/wallet.responses';
import { api, MONEY_MOVED } from '@/lib/api';

/**
 * POST /auth/transferFund {userName, amount in naira} with an Idempotency-Key. The wallet and
 * the transactions are fetched again wherever they show.
 */
const transferFundApi = api.injectEndpoints({
  endpoints: (build) => ({
    transferFund: build.mutation<
      TTransferResponse,
      { body: TTransferRequest; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: '/auth/transferFund',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: 'Sending money...' },
      invalidatesTags: [...MONEY_MOVED],
    }),
  }),
});

export const { useTransferFundMutation } = transferFundApi;
