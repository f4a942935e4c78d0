import type { TBuyAirtimeRequest } from '@vendo/shared/schemas/purchase';
import { api } from '@/lib/api';
import {
  PURCHASE_LOADING_TEXT,
  recordPurchaseAnswer,
  type TPurchaseAnswer,
  type TPurchaseArg,
} from './purchase-answer';

/** POST /buy/airtime {network code, mobile_number, amount in naira, ported}. */
const buyAirtimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyAirtime: build.mutation<TPurchaseAnswer, TPurchaseArg<TBuyAirtimeRequest>>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/airtime',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: PURCHASE_LOADING_TEXT, withErrorBody: true },
      onQueryStarted: recordPurchaseAnswer,
    }),
  }),
});

export const { useBuyAirtimeMutation } = buyAirtimeApi;
