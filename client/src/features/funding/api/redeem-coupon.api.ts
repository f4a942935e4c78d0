import type { TCouponRedeemRequest } from '@vendo/shared/schemas/funding';
import type { TCouponRedeemResponse } from '@vendo/shared/schemas/funding.responses';
import { api, MONEY_MOVED } from '@/lib/api';

/**
 * POST /fundWallet/coupon {userName, coupon} with an Idempotency-Key. The coupon's
 * amount is added to the balance; the wallet is fetched again wherever it shows.
 */
const redeemCouponApi = api.injectEndpoints({
  endpoints: (build) => ({
    redeemCoupon: build.mutation<
      TCouponRedeemResponse,
      { body: TCouponRedeemRequest; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: '/fundWallet/coupon',
        method: 'POST',
        data: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { loadingText: 'Redeeming the coupon...' },
      invalidatesTags: [...MONEY_MOVED],
    }),
  }),
});

export const { useRedeemCouponMutation } = redeemCouponApi;
