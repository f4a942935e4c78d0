import type { TBuyEpinRequest } from '@vendo/shared/schemas/epin';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { api, MONEY_MOVED } from '@/lib/api';
import { PURCHASE_LOADING_TEXT, type TPurchaseArg } from './purchase-answer';

/**
 * POST /buy/epin: the receipt carries the cards (receipt.pins) once delivered, and says in its
 * details when fewer came than ordered (the rest refunded in the same answer).
 */
const buyEpinApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyEpin: build.mutation<TPurchaseResponse, TPurchaseArg<TBuyEpinRequest>>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/epin',
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

export const { useBuyEpinMutation } = buyEpinApi;
