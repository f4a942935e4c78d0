import { z } from 'zod';
import { WITHDRAWAL_FEE_KOBO } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import { ZApiError } from '@vendo/shared/schemas/common';
import { ZTransactionStatus } from '@vendo/shared/schemas/transaction';
import {
  ZBankAccountRequest,
  ZRequeryWithdrawalRequest,
  ZWithdrawRequest,
} from '@vendo/shared/schemas/withdraw';
import {
  ZBankCodesResponse,
  ZBeneficiaryChangedResponse,
  ZBeneficiaryListResponse,
  ZRequeryWithdrawalResponse,
  ZValidateAccountResponse,
  ZWithdrawResponse,
} from '@vendo/shared/schemas/withdraw.responses';
import { reply, route } from '../../api/route.ts';
import { AppError } from '../../lib/app-error.ts';
import { apiError } from '../../openapi/operation.ts';
import { idParam } from '../../api/params.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { BANKS } from './bank-codes.ts';
import { findWithdrawalByIdOrReference } from './withdraw.repository.ts';
import { findTransactionById } from '../transactions/transactions.repository.ts';
import {
  addBeneficiary,
  listBeneficiaries,
  removeBeneficiary,
  requeryWithdrawal,
  resolveBank,
  validateAccount,
  withdraw,
} from './withdraw.service.ts';

const tags = ['Withdrawals'];
const account = { bankCode: '999991', accountNumber: '0123456789' };

/** A row's status as the wire names it (the database's check constraint allows no other). */
const statusOf = (row: TransactionRow) => ZTransactionStatus.parse(row.status);

const bankDown = {
  summary: 'The bank could not be asked',
  value: apiError('PROVIDER_ERROR', 'We could not reach the bank. Please try again.'),
};

/** Withdrawals to a validated bank account (₦50 fee), saved accounts, and the staff re-query. */
export const withdrawRoutes = [
  route({
    method: 'get',
    path: '/withdraw/bankCodes',
    tags,
    summary: 'Banks and their NIP codes',
    access: 'user',
    answers: { 200: { description: 'The bank list', schema: ZBankCodesResponse } },
    handler: async () => reply(200, { banks: [...BANKS] }),
  }),
  route({
    method: 'post',
    path: '/withdraw/validate',
    tags,
    summary: 'Look up a bank account’s name',
    access: 'user',
    body: ZBankAccountRequest,
    bodyExamples: { account: { summary: 'By bank code', value: account } },
    answers: { 200: { description: 'The account name', schema: ZValidateAccountResponse } },
    errors: {
      400: {
        unknown: {
          summary: 'No such account',
          value: apiError('VALIDATION_ERROR', 'We could not find that account'),
        },
      },
      502: { bank: bankDown },
    },
    handler: async ({ ctx, body }) => {
      const bank = resolveBank(body);
      return reply(
        200,
        await validateAccount(ctx, { bankCode: bank.bankCode, accountNumber: body.accountNumber }),
      );
    },
  }),
  route({
    method: 'get',
    path: '/withdraw/beneficiary',
    tags,
    summary: 'Saved accounts',
    access: 'user',
    answers: { 200: { description: 'The list', schema: ZBeneficiaryListResponse } },
    handler: async ({ ctx, user }) =>
      reply(200, { beneficiaryList: await listBeneficiaries(ctx, user.id) }),
  }),
  route({
    method: 'post',
    path: '/withdraw/beneficiary',
    tags,
    summary: 'Save an account',
    description: 'The account is looked up first; its bank’s name for it is kept.',
    access: 'user',
    body: ZBankAccountRequest,
    bodyExamples: { account: { summary: 'By bank code', value: account } },
    answers: {
      201: { description: 'Saved; the list after it', schema: ZBeneficiaryChangedResponse },
    },
    errors: { 502: { bank: bankDown } },
    handler: async ({ ctx, user, body }) => {
      const bank = resolveBank(body);
      const beneficiaryList = await addBeneficiary(ctx, user.id, {
        bankCode: bank.bankCode,
        accountNumber: body.accountNumber,
      });
      return reply(201, { msg: 'Beneficiary saved', beneficiaryList });
    },
  }),
  route({
    method: 'delete',
    path: '/withdraw/beneficiary/{id}',
    tags,
    summary: 'Remove a saved account',
    access: 'user',
    params: idParam('The beneficiary’s `_id`'),
    answers: {
      200: { description: 'Removed; the list after it', schema: ZBeneficiaryChangedResponse },
    },
    errors: {
      404: {
        beneficiary: {
          summary: 'Not one of yours',
          value: apiError('NOT_FOUND', 'Beneficiary not found'),
        },
      },
    },
    handler: async ({ ctx, user, params }) => {
      const beneficiaryList = await removeBeneficiary(ctx, user.id, params.id);
      return reply(200, { msg: 'Beneficiary removed', beneficiaryList });
    },
  }),
  route({
    method: 'post',
    path: '/withdraw',
    tags,
    summary: 'Withdraw to a bank account',
    description:
      '₦100 to ₦5,000,000; the recipient gets amount − ₦50. **200** paid, **202** pending (re-queried until settled), **400 `PAYOUT_FAILED`** refunded in the same answer.',
    access: 'user',
    idempotent: true,
    body: ZWithdrawRequest,
    bodyExamples: { withdraw: { summary: '₦5,000', value: { ...account, amount: 5000 } } },
    answers: {
      200: { description: 'Paid', schema: ZWithdrawResponse },
      202: { description: 'Pending', schema: ZWithdrawResponse },
      400: {
        description:
          '`PAYOUT_FAILED` (refunded, with the receipt) or a request error (nothing charged)',
        schema: z.union([ZWithdrawResponse, ZApiError]),
        examples: {
          insufficient: {
            summary: 'The wallet cannot cover it',
            value: apiError('INSUFFICIENT_BALANCE', 'Insufficient balance'),
          },
        },
      },
    },
    handler: async ({ ctx, user, body }) => {
      const bank = resolveBank(body);
      const result = await withdraw(ctx, user, {
        bankCode: bank.bankCode,
        accountNumber: body.accountNumber,
        amountKobo: body.amount,
      });
      const base = {
        receipt: result.receipt,
        balance: koboToNaira(result.balanceKobo),
        received: koboToNaira(body.amount - WITHDRAWAL_FEE_KOBO),
      };
      if (result.status === 'success') return reply(200, { msg: 'Withdrawal successful', ...base });
      if (result.status === 'refunded') {
        return reply(400, {
          msg: `Withdrawal failed: ${result.message}. Your wallet has been refunded.`,
          code: 'PAYOUT_FAILED' as const,
          ...base,
        });
      }
      return reply(202, {
        msg: 'Withdrawal is being processed. We will confirm it shortly.',
        ...base,
      });
    },
  }),
  route({
    method: 'post',
    path: '/admin/reQueryWithdrawal',
    idempotent: true,
    tags: ['Admin'],
    summary: 'Ask the payout provider again about a withdrawal',
    access: 'admin',
    body: ZRequeryWithdrawalRequest,
    answers: { 200: { description: 'Its status now', schema: ZRequeryWithdrawalResponse } },
    errors: {
      404: {
        withdrawal: {
          summary: 'No such withdrawal',
          value: apiError('NOT_FOUND', 'Withdrawal not found'),
        },
      },
    },
    // By our id or the payout reference.
    handler: async ({ ctx, user, body }) => {
      const row = await findWithdrawalByIdOrReference(ctx.db, body.transactionId);
      if (!row) throw new AppError('NOT_FOUND', { msg: 'Withdrawal not found' });
      if (!['processing', 'pending'].includes(row.status)) {
        return reply(200, { msg: `Withdrawal is already ${row.status}`, status: statusOf(row) });
      }
      const outcome = await requeryWithdrawal(ctx, row, { actorId: user.id });
      const current = await findTransactionById(ctx.db, row.id);
      return reply(200, { msg: outcome.message, status: statusOf(current!) });
    },
  }),
];
