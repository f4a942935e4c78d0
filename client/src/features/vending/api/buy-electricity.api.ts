import type { TBuyElectricityRequest } from '@vendo/shared/schemas/purchase';
import type { TElectricityPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { api, MONEY_MOVED } from '@/lib/api';
import { PURCHASE_LOADING_TEXT, type TPurchaseArg } from './purchase-answer';

/** POST /buy/electricity: charged amount + ₦50; answers the token with the receipt. */
const buyElectricityApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyElectricity: build.mutation<
      TElectricityPurchaseResponse,
      TPurchaseArg<TBuyElectricityRequest>
    >({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/electricity',
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

export const { useBuyElectricityMutation } = buyElectricityApi;
