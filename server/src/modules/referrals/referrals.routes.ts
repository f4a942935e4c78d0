import { ZUpgradeRequest } from '@vendo/shared/schemas/wallet';
import {
  ZReferralsResponse,
  ZUserUpdatedResponse,
  ZWithdrawEarningResponse,
} from '@vendo/shared/schemas/wallet.responses';
import { z } from 'zod';
import { reply, route } from '../../api/route.ts';
import { AppError } from '../../lib/app-error.ts';
import { apiError } from '../../openapi/operation.ts';
import { referralSummary, upgradeToReseller, withdrawEarnings } from './referrals.service.ts';

/** ?page= of the referral list: never refused, a page that is no whole number from 1 reads as 1. */
const referralPageQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .optional()
    .describe('Page number, from 1'),
});

/** The reseller upgrade (which rewards the referrer), referrals and earnings. Signed in. */
export const referralRoutes = [
  route({
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
    // Nothing else is accepted: the upgrade is the only change a user may make to their own tier.
    handler: async ({ ctx, user, params }) => {
      if (params.id !== user.id)
        throw new AppError('FORBIDDEN', { msg: 'You can only upgrade your own account' });
      return reply(200, await upgradeToReseller(ctx, user));
    },
  }),
  route({
    method: 'get',
    path: '/auth/referral',
    tags: ['Referrals'],
    summary: 'Referrals and earnings',
    access: 'user',
    query: referralPageQuery,
    answers: { 200: { description: 'A page of referrals', schema: ZReferralsResponse } },
    handler: async ({ ctx, user, query }) =>
      reply(200, await referralSummary(ctx, user.id, query.page ?? 1)),
  }),
  route({
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
    handler: async ({ ctx, user }) => reply(200, await withdrawEarnings(ctx, user)),
  }),
];
