import { z } from '../zod.ts';
import { isValidNaira, nairaToKobo } from '../money.ts';

/**
 * Withdrawal requests (docs/product-rules.md#withdrawals): account look-up, saved beneficiaries,
 * the payout (amount − ₦50 reaches the account) and the admin's re-query. Answers:
 * withdraw.responses.ts.
 */

const bankAccount = {
  bankCode: z.string().trim().optional().describe('NIP code; or give bankName'),
  bankName: z.string().trim().optional(),
  accountNumber: z
    .union([z.string(), z.number()], { error: 'Enter account number' })
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .min(1, 'Enter account number')
        .regex(/^\d{10}$/, 'Enter a 10-digit account number'),
    ),
};

/** POST /withdraw/validate and POST /withdraw/beneficiary: a bank (by code or name) and account. */
export const ZBankAccountRequest = z.object(bankAccount);
export type TBankAccountRequest = z.input<typeof ZBankAccountRequest>;

/** POST /withdraw: the account and the amount in naira (₦100 to ₦5,000,000). */
export const ZWithdrawRequest = z.object({
  ...bankAccount,
  amount: z
    .union([z.number(), z.string()], { error: 'Enter a valid amount' })
    .refine((v) => v !== '' && isValidNaira(v), 'Enter a valid amount')
    .transform((v) => nairaToKobo(v))
    .refine((k) => k >= 100_00, 'Minimum withdrawal is ₦100')
    .refine((k) => k <= 5_000_000_00, 'The most you can withdraw at once is ₦5,000,000'),
});
export type TWithdrawRequest = z.input<typeof ZWithdrawRequest>;

/** POST /admin/reQueryWithdrawal: our id or the payout reference. */
export const ZRequeryWithdrawalRequest = z.object({
  transactionId: z.string({ error: 'Choose a withdrawal' }).trim().min(1, 'Choose a withdrawal'),
});
export type TRequeryWithdrawalRequest = z.input<typeof ZRequeryWithdrawalRequest>;
