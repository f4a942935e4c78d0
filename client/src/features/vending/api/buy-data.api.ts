import type { TBuyDataRequest } from '@vendo/shared/schemas/purchase';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { api, MONEY_MOVED } from '@/lib/api';
import { PURCHASE_LOADING_TEXT, type TPurchaseArg } from './purchase-answer';

/** POST /buy/data {network code, mobile_number, plan id, ported}. */
const buyDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyData: build.mutation<TPurchaseResponse, TPurchaseArg<TBuyDataRequest>>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/data',
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

export const { useBuyDataMutation } = buyDataApi;
