import type { TBuyDataRequest } from '@vendo/shared/schemas/purchase';
import { api } from '@/lib/api';
import {
  PURCHASE_LOADING_TEXT,
  recordPurchaseAnswer,
  type TPurchaseAnswer,
  type TPurchaseArg,
} from './purchase-answer';

/** POST /buy/data {network code, mobile_number, plan id, ported}. */
const buyDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyData: build.mutation<TPurchaseAnswer, TPurchaseArg<TBuyDataRequest>>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/data',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: PURCHASE_LOADING_TEXT, withErrorBody: true },
      onQueryStarted: recordPurchaseAnswer,
    }),
  }),
});

export const { useBuyDataMutation } = buyDataApi;
