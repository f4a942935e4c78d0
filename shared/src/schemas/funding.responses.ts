import { z } from '../zod.ts';
import { ZIsoDateTime, ZMsgResponse, ZNaira } from './common.ts';
import { ZAccountNumber, ZUser } from './user.ts';

/**
 * Funding answers: checkout links, coupons, reserved accounts and fees. They are kept apart from
 * the request schemas, which the client's forms import at run time: the client imports these as
 * types only, so they add nothing to its bundle.
 */

/** The checkout link; the wallet is credited later, once the provider confirms the payment. */
export const ZInitiateFundingResponse = ZMsgResponse.extend({
  link: z.string().describe("The provider's checkout page"),
});
export type TInitiateFundingResponse = z.infer<typeof ZInitiateFundingResponse>;

export const ZCouponRedeemResponse = ZMsgResponse.extend({
  amount: ZNaira.describe("The coupon's amount"),
  balance: ZNaira.describe('The wallet balance after it'),
});
export type TCouponRedeemResponse = z.infer<typeof ZCouponRedeemResponse>;

export const ZGenerateCouponResponse = ZMsgResponse.extend({
  couponCode: z.string().describe("e.g. 'A1B2-C3D4-E5F6'"),
});
export type TGenerateCouponResponse = z.infer<typeof ZGenerateCouponResponse>;

/** GET /auth/generateAcc and POST /generateAcc: the caller's reserved accounts. */
export const ZGenerateAccountResponse = ZMsgResponse.extend({
  accountNumbers: z.array(ZAccountNumber),
  user: ZUser,
});
export type TGenerateAccountResponse = z.infer<typeof ZGenerateAccountResponse>;

/** GET /admin/fees: the funding fees in percent. */
export const ZFeesResponse = z.object({
  fundPageFeePercent: z.number().describe('Card or bank checkout fee, percent'),
  accountCardFeePercent: z.number().describe('Reserved bank account deposit fee, percent'),
});
export type TFeesResponse = z.infer<typeof ZFeesResponse>;

/** GET /admin/coupons: issued coupons with their state (admins: all; coupon vendors: their own). */
export const ZCouponListResponse = z.object({
  coupons: z.array(
    z.object({
      _id: z.string(),
      couponCode: z.string(),
      userName: z.string().describe('Whose wallet the coupon funds'),
      amount: ZNaira,
      status: z.enum(['active', 'redeemed']),
      issuedBy: z.string(),
      createdAt: ZIsoDateTime,
      redeemedAt: ZIsoDateTime.nullable(),
    }),
  ),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type TCouponListResponse = z.infer<typeof ZCouponListResponse>;
