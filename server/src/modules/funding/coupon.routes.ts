import { z } from 'zod';
import { koboToNaira } from '@vendo/shared/money';
import { ZCouponRedeemRequest, ZGenerateCouponRequest } from '@vendo/shared/schemas/funding';
import {
  ZCouponListResponse,
  ZCouponRedeemResponse,
  ZGenerateCouponResponse,
} from '@vendo/shared/schemas/funding.responses';
import { reply, route } from '../../api/route.ts';
import { apiError } from '../../openapi/operation.ts';
import { generateCoupon, issuedCoupons, redeemCoupon } from './coupon.service.ts';

/** ?page=: a whole number from 1 to 100,000; anything else, even a blank, is the one message. */
const PAGES = 'Pages start at 1';
const couponPageQuery = z.object({
  page: z.coerce
    .number({ error: PAGES })
    .int({ error: PAGES })
    .min(1, { error: PAGES })
    .max(100_000, { error: PAGES })
    .optional()
    .describe('Page number, from 1'),
});

/** Coupons: issued by admins and coupon vendors, redeemed once into their owner's wallet. */
export const couponRoutes = [
  route({
    method: 'post',
    path: '/fundWallet/coupon',
    tags: ['Funding'],
    summary: 'Redeem a coupon',
    description: 'A coupon is single-use and bound to the user it was issued to.',
    access: 'user',
    idempotent: true,
    body: ZCouponRedeemRequest,
    answers: { 200: { description: 'Credited', schema: ZCouponRedeemResponse } },
    handler: async ({ ctx, user, body }) => {
      const result = await redeemCoupon(ctx, user, body);
      return reply(200, {
        msg: result.msg,
        amount: result.amount,
        balance: koboToNaira(result.balanceKobo),
      });
    },
  }),
  route({
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
    handler: async ({ ctx, user, body }) =>
      reply(
        201,
        await generateCoupon(ctx, user, { userAccount: body.userAccount, amountKobo: body.amount }),
      ),
  }),
  route({
    method: 'get',
    path: '/admin/coupons',
    tags: ['Admin'],
    summary: 'Issued coupons',
    description: 'Admins see all; coupon vendors their own.',
    access: 'couponVendor',
    query: couponPageQuery,
    answers: { 200: { description: 'A page of coupons', schema: ZCouponListResponse } },
    handler: async ({ ctx, user, query }) =>
      reply(200, await issuedCoupons(ctx, user, query.page ?? 1)),
  }),
];
