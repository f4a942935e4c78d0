import { z } from '../zod.ts';
import { ZMsgResponse, ZNaira } from './common.ts';
import { ZTransaction, ZTransactionStatus } from './transaction.ts';

/**
 * Withdrawal answers: banks, account look-ups, beneficiaries and payouts. They are kept apart from
 * the request schemas, which the client's forms import at run time: the client imports these as
 * types only, so they add nothing to its bundle.
 */

export const ZBank = z.object({ bankName: z.string(), bankCode: z.string() });
export type TBank = z.infer<typeof ZBank>;

/** GET /withdraw/bankCodes: the NIP bank list, shipped with the server as data. */
export const ZBankCodesResponse = z.object({ banks: z.array(ZBank) });
export type TBankCodesResponse = z.infer<typeof ZBankCodesResponse>;

/** POST /withdraw/validate: the account's name as the bank has it. */
export const ZValidateAccountResponse = ZMsgResponse.extend({
  name: z.string().describe("The account holder's name"),
  code: z.string().describe('The bank code looked up'),
});
export type TValidateAccountResponse = z.infer<typeof ZValidateAccountResponse>;

export const ZBeneficiary = z
  .object({
    _id: z.string(),
    accountName: z.string().describe("The bank's name for the account, never the caller's"),
    accountNumber: z.string(),
    bankName: z.string(),
    bankCode: z.string(),
  })
  .describe('A saved account the user can withdraw to');
export type TBeneficiary = z.infer<typeof ZBeneficiary>;

/** GET /withdraw/beneficiary. */
export const ZBeneficiaryListResponse = z.object({ beneficiaryList: z.array(ZBeneficiary) });
export type TBeneficiaryListResponse = z.infer<typeof ZBeneficiaryListResponse>;

/** POST /withdraw/beneficiary (201) and DELETE /withdraw/beneficiary/:id: the list after it. */
export const ZBeneficiaryChangedResponse = ZMsgResponse.extend({
  beneficiaryList: z.array(ZBeneficiary),
});
export type TBeneficiaryChangedResponse = z.infer<typeof ZBeneficiaryChangedResponse>;

/**
 * POST /withdraw: 200 'Withdrawal successful', 202 pending (re-queried until settled) and 400
 * PAYOUT_FAILED (refunded in the same answer) all carry the receipt and the balance after it.
 */
export const ZWithdrawResponse = ZMsgResponse.extend({
  code: z.literal('PAYOUT_FAILED').optional().describe('Only on 400: refunded'),
  receipt: ZTransaction,
  balance: ZNaira.describe('The wallet balance after the withdrawal'),
  received: ZNaira.describe('What reaches the account: amount − ₦50'),
}).describe('A withdrawal answer (200 success, 202 pending, 400 PAYOUT_FAILED refunded)');
export type TWithdrawResponse = z.infer<typeof ZWithdrawResponse>;

/** POST /admin/reQueryWithdrawal: what the provider said and the withdrawal's status now. */
export const ZRequeryWithdrawalResponse = ZMsgResponse.extend({ status: ZTransactionStatus });
export type TRequeryWithdrawalResponse = z.infer<typeof ZRequeryWithdrawalResponse>;
