import { z } from '../zod.ts';
import { isValidNaira, nairaToKobo } from '../money.ts';

/**
 * Wallet requests (docs/product-rules.md#transfers): transfers, the reseller upgrade, KYC and the
 * referral page. Answers: wallet.responses.ts.
 */

/** A naira amount to move (transfer, coupon): → integer kobo, more than 0, at most ₦10,000,000. */
export const ZMoveAmount = z
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
  amount: ZMoveAmount,
});
export type TTransferRequest = z.input<typeof ZTransferRequest>;

/**
 * The upgrade takes userType 'reseller' and nothing else: any other field sent with it (balance,
 * role flags …) is dropped by the parse, so only the tier can ever change here.
 */
export const ZUpgradeRequest = z.object({
  userType: z.literal('reseller', { error: 'Only an upgrade to reseller is possible here' }),
});
export type TUpgradeRequest = z.input<typeof ZUpgradeRequest>;

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
export type TKycRequest = z.input<typeof ZKycRequest>;

/** GET /auth/referral?page: the page number; anything that is not one reads as page 1. */
export const ZReferralPage = z.coerce.number().int().min(1).max(100_000).catch(1);
