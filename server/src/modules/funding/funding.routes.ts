import { appUrlFor } from '../../lib/request-origin.ts';
import type { Response } from 'express';
import {
  ZFeesRequest,
  ZGenerateAccountRequest,
  ZInitiateFundingRequest,
} from '@vendo/shared/schemas/funding';
import {
  ZFeesResponse,
  ZGenerateAccountResponse,
  ZInitiateFundingResponse,
} from '@vendo/shared/schemas/funding.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { reply, route } from '../../api/route.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { ZProviderEvent } from '../../openapi/answers.ts';
import { apiError } from '../../openapi/operation.ts';
import { idParam } from '../../api/params.ts';
import { fundingFees, updateFundingFees } from './fees.service.ts';
import {
  handleSquadWebhook,
  initiateFunding,
  settleFunding,
  type WebhookOutcome,
} from './funding.service.ts';
import { generateAccount, handleBillstackWebhook } from './reserved-accounts.service.ts';

const tags = ['Funding'];

const billstackDown = {
  502: {
    billstack: {
      summary: 'BillStack did not open the account',
      value: apiError(
        'PROVIDER_ERROR',
        'We could not create your account number right now. Please try again.',
      ),
    },
  },
};

/** Card/bank funding, reserved bank accounts, the funding fees and the staff re-query. */
export const fundingRoutes = [
  route({
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
    handler: async ({ ctx, user, body, req }) => {
      const result = await initiateFunding(ctx, user, {
        amountKobo: body.amount,
        email: body.email,
        // Back to where the user opened the app, signed in (APP_URL when it is set).
        returnUrl: `${appUrlFor(req, ctx.config)}/profile`,
      });
      return reply(200, { link: result.link, msg: result.msg });
    },
  }),
  route({
    method: 'get',
    path: '/auth/generateAcc',
    tags,
    summary: 'Your reserved bank accounts',
    description:
      'Dedicated account numbers (BillStack): a bank transfer to one credits the wallet, less the account deposit fee. Opens one with PalmPay when you have none.',
    access: 'user',
    answers: { 200: { description: 'The accounts', schema: ZGenerateAccountResponse } },
    errors: billstackDown,
    handler: async ({ ctx, user }) => reply(200, await generateAccount(ctx, user)),
  }),
  route({
    method: 'post',
    path: '/generateAcc',
    tags,
    summary: 'Open a reserved bank account',
    access: 'user',
    body: ZGenerateAccountRequest,
    answers: { 200: { description: 'The accounts', schema: ZGenerateAccountResponse } },
    errors: billstackDown,
    handler: async ({ ctx, user, body }) =>
      reply(200, await generateAccount(ctx, user, body.bankName || 'palmpay')),
  }),
  route({
    method: 'get',
    path: '/admin/fees',
    tags: ['Admin'],
    summary: 'Funding fees',
    access: 'admin',
    answers: { 200: { description: 'The fees in percent', schema: ZFeesResponse } },
    handler: async ({ ctx }) => reply(200, await fundingFees(ctx)),
  }),
  route({
    method: 'post',
    path: '/admin/fees',
    tags: ['Admin'],
    summary: 'Change the funding fees',
    description: 'Either fee or both, 0 to 20 %; audited.',
    access: 'admin',
    body: ZFeesRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
    // ZFeesRequest turns the percents it was sent into basis points.
    handler: async ({ ctx, user, body }) =>
      reply(
        200,
        await updateFundingFees(ctx, user, {
          fundPage: body.fundPageFeePercent,
          accountCard: body.accountCardFeePercent,
        }),
      ),
  }),
  route({
    method: 'post',
    path: '/admin/requeryFunding/{id}',
    idempotent: true,
    tags: ['Admin'],
    summary: 'Ask Squad again about a pending funding',
    access: 'agent',
    params: idParam('The funding transaction’s `_id`'),
    answers: { 200: { description: 'What Squad says now', schema: ZMsgResponse } },
    errors: { 404: true },
    handler: async ({ ctx, user, params }) => {
      // A malformed id is a funding we never issued: 404, not a validation error.
      if (!isUuid(params.id)) throw new AppError('NOT_FOUND', { msg: 'Transaction not found' });
      // Still pending at Squad (202 to the reconciler) is a plain 200 to staff: the message says it.
      const outcome = await settleFunding(ctx, params.id, { actorId: user.id });
      return reply(200, outcome.body);
    },
  }),
];

/**
 * The provider's own status and message, as its callback expects them (400, 401 and 403 are
 * the provider's errors, not our AppError shape): sent directly, so the handler returns nothing.
 */
const sendOutcome = (res: Response, outcome: WebhookOutcome): undefined => {
  res.status(outcome.status).json(outcome.body);
  return undefined;
};

/**
 * Provider callbacks: raw bytes, so the table mounts them before the JSON parser, and without
 * compression or the API's no-store header, as the providers have always been answered.
 */
export const webhookRoutes = [
  route({
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
    handler: async ({ ctx, body, req, res }) =>
      sendOutcome(res, await handleSquadWebhook(ctx, body, req.get('x-squad-encrypted-body'))),
  }),
  route({
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
    handler: async ({ ctx, body, req, res }) =>
      sendOutcome(
        res,
        await handleBillstackWebhook(ctx, body, req.get('x-wiaxy-signature'), req.ip ?? ''),
      ),
  }),
];
