import { api } from '@/lib/api';

export type TInitiateFundingRequest = { amount: number; email: string };
export type TInitiateFundingAnswer = { link: string; msg: string };

/**
 * POST /fundWallet/squad/initiate {amount in naira, email} with an Idempotency-Key → the
 * checkout link (Squad's page; the sandbox's local page in development). 400 'enter a valid
 * amount' / 'minimum payment is 100'. The wallet is credited later, by the verified webhook.
 */
const initiateFundingApi = api.injectEndpoints({
  endpoints: (build) => ({
    initiateFunding: build.mutation<
      TInitiateFundingAnswer,
      { body: TInitiateFundingRequest; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: '/fundWallet/squad/initiate',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: 'Preparing your payment...' },
    }),
  }),
});

export const { useInitiateFundingMutation } = initiateFundingApi;
