import {
  ZCouponRedeemRequest,
  ZFeesRequest,
  ZGenerateAccountRequest,
  ZGenerateCouponRequest,
  ZInitiateFundingRequest,
} from '@vendo/shared/schemas/funding';
import {
  ZCouponListResponse,
  ZCouponRedeemResponse,
  ZFeesResponse,
  ZGenerateAccountResponse,
  ZGenerateCouponResponse,
  ZInitiateFundingResponse,
} from '@vendo/shared/schemas/funding.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { ZProviderEvent } from '../answers.ts';
import { apiError, type ApiRoute } from '../operation.ts';
import { idParam, pageQuery } from './params.ts';

const tags = ['Funding'];

/** Wallet funding: card/bank checkout, reserved accounts, coupons, fees, provider callbacks. */
export const fundingPaths: ApiRoute[] = [
  {
    method: 'post',
    path: '/fundWallet/squad/initiate',
    tags,
    summary: 'Start a card or bank payment',
    description:
      'Answers a link to Squad’s checkout. The wallet is credited (less the funding fee) once Squad’s verify confirms the payment, after its signed webhook or our re-query; unpaid after 24 h it expires.',
    access: 'user',
    idempotent: true,
    body: ZInitiateFundingRequest,
    bodyExamples: {
      fund: { summary: '₦10,000', value: { amount: 10000, email: 'ade@example.com' } },
    },
    answers: { 200: { description: 'The checkout link', schema: ZInitiateFundingResponse } },
    errors: {
      502: {
        squad: {
          summary: 'Squad did not start the payment',
          value: apiError('PROVIDER_ERROR', 'We could not start the payment. Please try again.'),
        },
      },
    },
  },
  {
    method: 'get',
    path: '/auth/generateAcc',
    tags,
    summary: 'Your reserved bank accounts',
    description:
      'Dedicated account numbers (BillStack): a bank transfer to one credits the wallet, less the account deposit fee. Opens one with PalmPay when you have none.',
    access: 'user',
    answers: { 200: { description: 'The accounts', schema: ZGenerateAccountResponse } },
    errors: {
      502: {
        billstack: {
          summary: 'BillStack did not open the account',
          value: apiError(
            'PROVIDER_ERROR',
            'We could not create your account number right now. Please try again.',
          ),
        },
      },
    },
  },
  {
    method: 'post',
    path: '/generateAcc',
    tags,
    summary: 'Open a reserved bank account',
    access: 'user',
    body: ZGenerateAccountRequest,
    answers: { 200: { description: 'The accounts', schema: ZGenerateAccountResponse } },
    errors: {
      502: {
        billstack: {
          summary: 'BillStack did not open the account',
          value: apiError(
            'PROVIDER_ERROR',
            'We could not create your account number right now. Please try again.',
          ),
        },
      },
    },
  },
  {
    method: 'post',
    path: '/fundWallet/coupon',
    tags,
    summary: 'Redeem a coupon',
    description: 'A coupon is single-use and bound to the user it was issued to.',
    access: 'user',
    idempotent: true,
    body: ZCouponRedeemRequest,
    answers: { 200: { description: 'Credited', schema: ZCouponRedeemResponse } },
  },
  {
    method: 'post',
    path: '/admin/generateCoupon',
    idempotent: true,
    tags: ['Admin'],
    summary: 'Issue a coupon to a user',
    access: 'couponVendor',
    body: ZGenerateCouponRequest,
    answers: { 201: { description: 'The coupon code', schema: ZGenerateCouponResponse } },
    errors: {
      404: { user: { summary: 'No such user', value: apiError('NOT_FOUND', 'User not found') } },
    },
  },
  {
    method: 'get',
    path: '/admin/coupons',
    tags: ['Admin'],
    summary: 'Issued coupons',
    description: 'Admins see all; coupon vendors their own.',
    access: 'couponVendor',
    query: pageQuery,
    answers: { 200: { description: 'A page of coupons', schema: ZCouponListResponse } },
  },
  {
    method: 'get',
    path: '/admin/fees',
    tags: ['Admin'],
    summary: 'Funding fees',
    access: 'admin',
    answers: { 200: { description: 'The fees in percent', schema: ZFeesResponse } },
  },
  {
    method: 'post',
    path: '/admin/fees',
    tags: ['Admin'],
    summary: 'Change the funding fees',
    description: 'Either fee or both, 0 to 20 %; audited.',
    access: 'admin',
    body: ZFeesRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
  },
  {
    method: 'post',
    path: '/admin/requeryFunding/{id}',
    idempotent: true,
    tags: ['Admin'],
    summary: 'Ask Squad again about a pending funding',
    access: 'agent',
    params: idParam('The funding transaction’s `_id`'),
    answers: { 200: { description: 'What Squad says now', schema: ZMsgResponse } },
    errors: { 404: true },
  },
  {
    method: 'post',
    path: '/webhooks/squad',
    tags: ['Provider callbacks'],
    summary: 'Squad payment webhook',
    description:
      'Called by Squad, not by API users. The raw body must carry Squad’s signature (`x-squad-encrypted-body`); a funding is credited once, only for a reference we issued and after Squad’s verify agrees.',
    access: 'provider',
    body: ZProviderEvent,
    errorSchema: ZMsgResponse,
    answers: { 200: { description: 'Handled (or ignored)', schema: ZMsgResponse } },
    errors: {
      400: { json: { summary: 'Not JSON', value: { msg: 'Invalid JSON' } } },
      401: { signature: { summary: 'Bad signature', value: { msg: 'Invalid signature' } } },
    },
  },
  {
    method: 'post',
    path: '/webhooks/billstack',
    tags: ['Provider callbacks'],
    summary: 'BillStack deposit webhook',
    description:
      'Called by BillStack, not by API users. Signed (`x-wiaxy-signature`) and from BillStack’s addresses; a deposit is credited once, to the reserved account we issued.',
    access: 'provider',
    body: ZProviderEvent,
    errorSchema: ZMsgResponse,
    answers: { 200: { description: 'Handled (or ignored)', schema: ZMsgResponse } },
    errors: {
      400: { json: { summary: 'Not JSON', value: { msg: 'Invalid JSON' } } },
      401: { signature: { summary: 'Bad signature', value: { msg: 'Invalid signature' } } },
      403: { address: { summary: 'Not from BillStack', value: { msg: 'Address not allowed' } } },
    },
  },
];
