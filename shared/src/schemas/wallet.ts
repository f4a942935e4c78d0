import { z } from '../zod.ts';
import { isValidNaira, nairaToKobo } from '../money.ts';

/** Wallet requests (spec §5, §7): transfers, coupons, upgrade, KYC. */

const amount = z
  .union([z.number(), z.string()], { error: 'Enter a valid amount' })
  .refine((v) => isValidNaira(v), 'Enter a valid amount')
  .transform((v) => nairaToKobo(v))
  .refine((k) => k > 0, 'Enter a valid amount')
  .refine((k) => k <= 10_000_000_00, 'The most you can move at once is ₦10,000,000');

export const ZTransferRequest = z.object({
  userName: z
    .string({ error: 'Enter a username' })
    .trim()
    .min(1, 'Enter a username')
    .max(40, 'User not found'),
  amount,
});

export const ZCouponRedeemRequest = z.object({
  userName: z.string({ error: 'Enter a coupon code' }).trim().min(1, 'Enter a coupon code').max(40),
  coupon: z.string({ error: 'Enter a coupon code' }).trim().min(1, 'Enter a coupon code').max(40),
});

export const ZGenerateCouponRequest = z.object({
  userAccount: z
    .string({ error: 'All fields are required' })
    .trim()
    .min(1, 'All fields are required')
    .max(40),
  amount,
});

/**
 * The upgrade takes userType 'reseller' and nothing else: any other field sent with it (balance,
 * role flags …) is dropped by the parse, so only the tier can ever change here.
 */
export const ZUpgradeRequest = z.object({
  userType: z.literal('reseller', { error: 'Only an upgrade to reseller is possible here' }),
});

export const ZKycRequest = z.union(
  [
    z.strictObject({
      nin: z
        .string()
        .trim()
        .regex(/^\d{11}$/, 'Enter an 11-digit NIN'),
    }),
    z.strictObject({
      bvn: z
        .string()
        .trim()
        .regex(/^\d{11}$/, 'Enter an 11-digit BVN'),
    }),
  ],
  { error: 'Enter an 11-digit NIN' },
);
