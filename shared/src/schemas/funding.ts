import { z } from '../zod.ts';
import { isValidNaira, nairaToKobo } from '../money.ts';
import { ZMoveAmount } from './wallet.ts';

/**
 * Funding requests (docs/product-rules.md#funding): card or bank checkout (Squad), coupons,
 * reserved bank accounts (BillStack) and the funding fees (answers: funding.responses.ts). The
 * provider webhooks are not here: their bodies are the providers' formats, checked by their
 * adapters.
 */

/** POST /fundWallet/squad/initiate: amount in naira (≥ ₦100) and the payer's e-mail. */
export const ZInitiateFundingRequest = z.object({
  amount: z
    .union([z.number(), z.string()], { error: 'enter a valid amount' })
    .refine((v) => v !== '' && isValidNaira(v), 'enter a valid amount')
    .transform((v) => nairaToKobo(v))
    .refine((k) => k >= 100_00, 'minimum payment is 100')
    .refine((k) => k <= 10_000_000_00, 'The most you can fund at once is ₦10,000,000'),
  email: z
    .string({ error: 'Enter your email' })
    .trim()
    .pipe(z.email('Enter a valid email').max(254)),
});
export type TInitiateFundingRequest = z.input<typeof ZInitiateFundingRequest>;

/** POST /fundWallet/coupon: the caller's own userName and a coupon issued to them. */
export const ZCouponRedeemRequest = z.object({
  userName: z.string({ error: 'Enter a coupon code' }).trim().min(1, 'Enter a coupon code').max(40),
  coupon: z.string({ error: 'Enter a coupon code' }).trim().min(1, 'Enter a coupon code').max(40),
});
export type TCouponRedeemRequest = z.input<typeof ZCouponRedeemRequest>;

/** POST /admin/generateCoupon (admin or coupon vendor): a single-use coupon for one user. */
export const ZGenerateCouponRequest = z.object({
  userAccount: z
    .string({ error: 'All fields are required' })
    .trim()
    .min(1, 'All fields are required')
    .max(40),
  amount: ZMoveAmount,
});
export type TGenerateCouponRequest = z.input<typeof ZGenerateCouponRequest>;

/** POST /generateAcc: which bank to open the reserved account with (PalmPay by default). */
export const ZGenerateAccountRequest = z.object({
  bankName: z.string().trim().max(20).optional().describe("'palmpay' or '9psb'"),
});
export type TGenerateAccountRequest = z.input<typeof ZGenerateAccountRequest>;

/** A fee in percent, 0 to 20 with at most two decimals → basis points. */
const feePercent = z
  .union([z.number(), z.string()])
  .refine(
    (v) => /^\d{1,3}(\.\d{1,2})?$/.test(String(v)) && Number(v) <= 20,
    'Enter a fee between 0 and 20%',
  )
  .transform((v) => Math.round(Number(v) * 100));

/** POST /admin/fees: either fee or both (neither: 'Please enter a valid value'). */
export const ZFeesRequest = z.object({
  fundPageFeePercent: feePercent.optional(),
  accountCardFeePercent: feePercent.optional(),
});
export type TFeesRequest = z.input<typeof ZFeesRequest>;
