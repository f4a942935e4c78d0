import type { TBuyCableRequest } from '@vendo/shared/schemas/bills';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { api, MONEY_MOVED } from '@/lib/api';
import { PURCHASE_LOADING_TEXT, type TPurchaseArg } from './purchase-answer';

/** POST /buy/cable: a renewal (the verified quote) or a bouquet change (planCode). */
const buyCableApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyCable: build.mutation<TPurchaseResponse, TPurchaseArg<TBuyCableRequest>>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/cable',
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

export const { useBuyCableMutation } = buyCableApi;
