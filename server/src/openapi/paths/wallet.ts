import { ZTransferRequest, ZUpgradeRequest, ZKycRequest } from '@vendo/shared/schemas/wallet';
import {
  ZReferralsResponse,
  ZTransferResponse,
  ZUserUpdatedResponse,
  ZValidateUserResponse,
  ZWithdrawEarningResponse,
} from '@vendo/shared/schemas/wallet.responses';
import { z } from 'zod';
import { apiError, type ApiRoute } from '../operation.ts';
import { pageQuery } from './params.ts';

const userNotFound = {
  user: { summary: 'No such user', value: apiError('NOT_FOUND', 'User not found') },
};

/** Transfers between Vendo wallets, the reseller upgrade, referrals and KYC. */
export const walletPaths: ApiRoute[] = [
  {
    method: 'get',
    path: '/auth/validateUser/{userName}',
    tags: ['Wallet'],
    summary: 'Whom a transfer goes to',
    description: 'The account’s business name (never its e-mail), to confirm before sending.',
    access: 'user',
    params: z.object({ userName: z.string().describe('The recipient’s user name') }),
    answers: { 200: { description: 'The recipient', schema: ZValidateUserResponse } },
    errors: { 404: userNotFound },
  },
  {
    method: 'post',
    path: '/auth/transferFund',
    tags: ['Wallet'],
    summary: 'Send money to another Vendo wallet',
    description: 'Admins send from the house account.',
    access: 'user',
    idempotent: true,
    body: ZTransferRequest,
    bodyExamples: {
      transfer: { summary: '₦2,000 to a user', value: { userName: 'bola_shop', amount: 2000 } },
    },
    answers: { 200: { description: 'Sent', schema: ZTransferResponse } },
    errors: { 404: userNotFound },
  },
  {
    method: 'patch',
    path: '/auth/user/{id}',
    idempotent: true,
    tags: ['Account'],
    summary: 'Upgrade to reseller',
    description:
      'The one change a user may make to their own tier: `{userType: "reseller"}` for a one-time ₦1,000; the referrer earns ₦500 once.',
    access: 'user',
    params: z.object({ id: z.string().describe('Your own user `_id`') }),
    body: ZUpgradeRequest,
    answers: { 200: { description: 'Upgraded', schema: ZUserUpdatedResponse } },
    errors: {
      403: {
        notYours: {
          summary: 'Another user’s id',
          value: apiError('FORBIDDEN', 'You can only upgrade your own account'),
        },
      },
      409: {
        already: {
          summary: 'Already a reseller',
          value: apiError('CONFLICT', 'You are already a reseller'),
        },
      },
    },
  },
  {
    method: 'get',
    path: '/auth/referral',
    tags: ['Referrals'],
    summary: 'Referrals and earnings',
    access: 'user',
    query: pageQuery,
    answers: { 200: { description: 'A page of referrals', schema: ZReferralsResponse } },
  },
  {
    method: 'post',
    path: '/auth/withdrawEarning',
    idempotent: true,
    tags: ['Referrals'],
    summary: 'Move referral earnings to the wallet',
    access: 'user',
    answers: { 200: { description: 'Moved', schema: ZWithdrawEarningResponse } },
    errors: {
      400: {
        nothing: {
          summary: 'No earnings to move',
          value: apiError('VALIDATION_ERROR', 'You have no earnings to withdraw'),
        },
      },
    },
  },
  {
    method: 'post',
    path: '/auth/updateKyc',
    tags: ['Account'],
    summary: 'Save your NIN or BVN',
    description:
      'Only the last four digits stay readable; the full number never leaves the server.',
    access: 'user',
    body: ZKycRequest,
    bodyExamples: { nin: { summary: 'A NIN', value: { nin: '12345678901' } } },
    answers: { 200: { description: 'Saved', schema: ZUserUpdatedResponse } },
  },
];
