import { z } from 'zod';
import { ZApiError } from '@vendo/shared/schemas/common';
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
import { apiError, type ApiRoute } from '../operation.ts';
import { idParam } from './params.ts';

const tags = ['Withdrawals'];
const account = { bankCode: '999991', accountNumber: '0123456789' };

/** Withdrawals to a validated bank account (₦50 fee). */
export const withdrawPaths: ApiRoute[] = [
  {
    method: 'get',
    path: '/withdraw/bankCodes',
    tags,
    summary: 'Banks and their NIP codes',
    access: 'user',
    answers: { 200: { description: 'The bank list', schema: ZBankCodesResponse } },
  },
  {
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
      502: {
        bank: {
          summary: 'The bank could not be asked',
          value: apiError('PROVIDER_ERROR', 'We could not reach the bank. Please try again.'),
        },
      },
    },
  },
  {
    method: 'get',
    path: '/withdraw/beneficiary',
    tags,
    summary: 'Saved accounts',
    access: 'user',
    answers: { 200: { description: 'The list', schema: ZBeneficiaryListResponse } },
  },
  {
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
    errors: {
      502: {
        bank: {
          summary: 'The bank could not be asked',
          value: apiError('PROVIDER_ERROR', 'We could not reach the bank. Please try again.'),
        },
      },
    },
  },
  {
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
  },
  {
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
  },
  {
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
  },
];
