import type { TInitiateFundingRequest } from '@vendo/shared/schemas/funding';
import type { TInitiateFundingResponse } from '@vendo/shared/schemas/funding.responses';
import { api } from '@/lib/api';

/**
 * POST /fundWallet/squad/initiate {amount in naira, email} with an Idempotency-Key → the
 * checkout link (Squad's page; the sandbox's local page in development). 400 'enter a valid
 * amount' / 'minimum payment is 100'. The wallet is credited later, by the verified webhook; the
 * pending funding is a new transaction.
 */
const initiateFundingApi = api.injectEndpoints({
  endpoints: (build) => ({
    initiateFunding: build.mutation<
      TInitiateFundingResponse,
      { body: TInitiateFundingRequest; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: '/fundWallet/squad/initiate',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: 'Preparing your payment...' },
      invalidatesTags: ['Transactions'],
    }),
  }),
});

export const { useInitiateFundingMutation } = initiateFundingApi;
