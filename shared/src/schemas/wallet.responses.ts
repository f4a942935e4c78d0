import { z } from '../zod.ts';
import { ZMsgResponse, ZNaira } from './common.ts';
import { ZTransaction } from './transaction.ts';
import { ZUser } from './user.ts';

/**
 * Wallet answers: transfers, the reseller upgrade, KYC, referrals and earnings. They are kept apart
 * from the request schemas, which the client's forms import at run time: the client imports these
 * as types only, so they add nothing to its bundle.
 */

/** GET /auth/validateUser/:userName: whom a transfer goes to (never their e-mail). */
export const ZValidateUserResponse = ZMsgResponse.extend({
  name: z.string().describe('The business (full) name, else the userName'),
  userName: z.string(),
});
export type TValidateUserResponse = z.infer<typeof ZValidateUserResponse>;

/** POST /auth/transferFund: the sender's receipt and balance after it. */
export const ZTransferResponse = ZMsgResponse.extend({
  receipt: ZTransaction,
  balance: ZNaira.describe("The sender's wallet balance after the transfer"),
});
export type TTransferResponse = z.infer<typeof ZTransferResponse>;

/** PATCH /auth/user/:id (the upgrade) and POST /auth/updateKyc: the user after the change. */
export const ZUserUpdatedResponse = ZMsgResponse.extend({ user: ZUser });
export type TUserUpdatedResponse = z.infer<typeof ZUserUpdatedResponse>;

export const ZReferral = z.object({
  userName: z.string(),
  amountEarned: ZNaira.describe('₦500 once they upgraded, else 0'),
});
export type TReferral = z.infer<typeof ZReferral>;

/** GET /auth/referral: one page of the caller's referrals (20 a page) and the earnings totals. */
export const ZReferralsResponse = z.object({
  referralList: z.array(ZReferral),
  earningBalance: ZNaira,
  totalReferred: z.number().int(),
  totalEarned: ZNaira,
  withdrawn: ZNaira,
  totalPages: z.number().int(),
});
export type TReferralsResponse = z.infer<typeof ZReferralsResponse>;

/** POST /auth/withdrawEarning: the whole earnings balance moved to the main wallet. */
export const ZWithdrawEarningResponse = ZMsgResponse.extend({
  balance: ZNaira.describe('Main wallet balance after the move'),
  earningBalance: ZNaira,
});
export type TWithdrawEarningResponse = z.infer<typeof ZWithdrawEarningResponse>;
