import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { api } from '@/lib/api';
import { isQueryError } from '@/lib/api-error';
import { purchaseAnswered } from '@/lib/api-events';

export type TWithdrawRequest = { bankCode: string; accountNumber: string; amount: number };

/**
 * 200 'Withdrawal successful', 202 pending (the payout is re-queried), and 400 PAYOUT_FAILED
 * (refunded) all carry the wallet balance after it, and usually the receipt.
 */
export type TWithdrawAnswer = {
  msg: string;
  code?: string;
  receipt?: TTransaction | null;
  balance?: number;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const receiptOf = (body: Record<string, unknown>): TTransaction | null =>
  isObject(body.receipt) && typeof body.receipt._id === 'string'
    ? (body.receipt as TTransaction)
    : null;

/**
 * POST /withdraw {bankCode, accountNumber, amount in naira} with an Idempotency-Key; the
 * recipient gets amount − ₦50. Every answer with a balance sets the wallet to it (so a refund
 * shows at once) and its receipt goes first in the recent transactions.
 */
const withdrawApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdraw: build.mutation<TWithdrawAnswer, { body: TWithdrawRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/withdraw',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: 'Sending your withdrawal...', withErrorBody: true },
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        let body: unknown;
        try {
          body = (await queryFulfilled).data;
        } catch (rejection) {
          body = isObject(rejection) && isQueryError(rejection.error) ? rejection.error.body : null;
        }
        if (!isObject(body) || typeof body.balance !== 'number') return;
        dispatch(purchaseAnswered({ balance: body.balance, receipt: receiptOf(body) }));
      },
    }),
  }),
});

export const { useWithdrawMutation } = withdrawApi;
