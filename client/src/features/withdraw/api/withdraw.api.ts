import type { TWithdrawRequest } from '@vendo/shared/schemas/withdraw';
import type { TWithdrawResponse } from '@vendo/shared/schemas/withdraw.responses';
import { api, MONEY_MOVED } from '@/lib/api';

/**
 * POST /withdraw {bankCode, accountNumber, amount in naira} with an Idempotency-Key; the
 * recipient gets amount − ₦50. 200 success, 202 pending and 400 PAYOUT_FAILED (refunded) all
 * carry the receipt and the balance after it. Whatever the answer (none included), the wallet
 * and the transactions are fetched again wherever they show.
 */
const withdrawApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdraw: build.mutation<TWithdrawResponse, { body: TWithdrawRequest; idempotencyKey: string }>(
      {
        query: ({ body, idempotencyKey }) => ({
          url: '/withdraw',
          method: 'POST',
          data: body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        extraOptions: { loadingText: 'Sending your withdrawal...' },
        invalidatesTags: [...MONEY_MOVED],
      },
    ),
  }),
});

export const { useWithdrawMutation } = withdrawApi;
