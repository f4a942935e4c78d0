import { z } from '../zod.ts';
import { USER_TYPES } from '../constants.ts';
import { ZIsoDateTime, ZNaira } from './common.ts';

/** A user as the API shows it. The server builds it from an allow-list. */

export const ZAccountNumber = z
  .object({
    bankName: z.string(),
    accountNumber: z.string(),
    accountName: z.string().optional(),
  })
  .describe('A dedicated bank account: a transfer to it funds the wallet');
export type TAccountNumber = z.infer<typeof ZAccountNumber>;

export const ZUserType = z.enum(USER_TYPES).describe('Price tier');

export const ZUser = z
  .object({
    _id: z.string(),
    userName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    balance: ZNaira.describe('Main wallet balance, naira'),
    earningBalance: ZNaira.describe('Referral earnings not yet moved to the wallet, naira'),
    userType: ZUserType,
    fullName: z.string().nullable(),
    referredBy: z.string().nullable().describe("The referrer's userName"),
    webhookUrl: z.string().nullable(),
    nin: z.string().nullable().describe("Masked: last digits only, e.g. '*******8901'"),
    bvn: z.string().nullable().describe("Masked: last digits only, e.g. '*******8901'"),
    accountNumbers: z.array(ZAccountNumber),
    reservedAccountNo3: z.string().nullable(),
    isAdmin: z.boolean(),
    isAgent: z.boolean(),
    isCouponVendor: z.boolean(),
    lastLogin: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
  })
  .describe('A user as the API shows it: never a password hash, token, PIN or full BVN/NIN');
export type TUser = z.infer<typeof ZUser>;
