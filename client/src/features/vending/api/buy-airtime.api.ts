import type { TBuyAirtimeRequest } from '@vendo/shared/schemas/purchase';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { api, MONEY_MOVED } from '@/lib/api';
import { PURCHASE_LOADING_TEXT, type TPurchaseArg } from './purchase-answer';

/** POST /buy/airtime {network code, mobile_number, amount in naira, ported}. */
const buyAirtimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyAirtime: build.mutation<TPurchaseResponse, TPurchaseArg<TBuyAirtimeRequest>>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/airtime',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: PURCHASE_LOADING_TEXT, withErrorBody: true },
      // A refund (400) and an unclear outcome (no answer) may have moved money too.
      invalidatesTags: [...MONEY_MOVED],
    }),
  }),
});

export const { useBuyAirtimeMutation } = buyAirtimeApi;
