import type { TBuyExamRequest } from '@vendo/shared/schemas/bills';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { api, MONEY_MOVED } from '@/lib/api';
import { PURCHASE_LOADING_TEXT, type TPurchaseArg } from './purchase-answer';

/** POST /buy/exam: the receipt carries the PINs (receipt.pins) once delivered. */
const buyExamApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyExam: build.mutation<TPurchaseResponse, TPurchaseArg<TBuyExamRequest>>({
      query: ({ body, idempotencyKey }) => ({
        url: '/buy/exam',
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

export const { useBuyExamMutation } = buyExamApi;
