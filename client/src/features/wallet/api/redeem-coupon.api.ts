import type { RootState } from '@/app/store';
import { api } from '@/lib/api';
import { purchaseAnswered } from '@/lib/api-events';

export type TCouponRequest = { userName: string; coupon: string };
export type TCouponAnswer = { msg: string; amount: number; balance?: number };

/**
 * POST /fundWallet/coupon {userName, coupon} with an Idempotency-Key. Spec §4: the returned
 * amount is added to the balance; when the server also sends the new balance, that one wins.
 */
const redeemCouponApi = api.injectEndpoints({
  endpoints: (build) => ({
    redeemCoupon: build.mutation<TCouponAnswer, { body: TCouponRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: '/fundWallet/coupon',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: 'Redeeming the coupon...' },
      onQueryStarted: async (_arg, { dispatch, getState, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          const current = (getState() as RootState).auth.user?.balance ?? 0;
          const balance =
            typeof data.balance === 'number'
              ? data.balance
              : Math.round((current + Number(data.amount)) * 100) / 100;
          dispatch(purchaseAnswered({ balance, receipt: null }));
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const { useRedeemCouponMutation } = redeemCouponApi;
