import type { TBuyElectricityRequest } from '@vendo/shared/schemas/purchase';
import { api } from '@/lib/api';
import {
  PURCHASE_LOADING_TEXT,
  recordPurchaseAnswer,
  type TElectricityAnswer,
  type TPurchaseArg,
} from './purchase-answer';

/** POST /buy/electricity: charged amount + ₦50; answers the token with the receipt. */
const buyElectricityApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyElectricity: build.mutation<TElectricityAnswer, TPurchaseArg<TBuyElectricityRequest>>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/electricity',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: PURCHASE_LOADING_TEXT, withErrorBody: true },
      onQueryStarted: recordPurchaseAnswer,
    }),
  }),
});

export const { useBuyElectricityMutation } = buyElectricityApi;
