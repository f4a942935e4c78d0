import { Router } from 'express';
import type { z } from 'zod';
import { koboToNaira } from '@vendo/shared/money';
import { ZCouponRedeemRequest, ZGenerateCouponRequest } from '@vendo/shared/schemas/funding';
import type { AppContext } from '../../app-context.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser, requireRole } from '../../middleware/auth.ts';
import { idempotent } from '../../middleware/idempotency.ts';
import { generateCoupon, issuedCoupons, redeemCoupon } from './coupon.service.ts';
import { AppError } from '../../lib/app-error.ts';

/** Coupons: issued by admins and coupon vendors, redeemed once into their owner's wallet. */
export const couponRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx);

  router.post(
    '/fundWallet/coupon',
    auth,
    idempotent(ctx),
    validateBody(ZCouponRedeemRequest),
    async (req, res) => {
      const result = await redeemCoupon(
        ctx,
        currentUser(req),
        req.body as z.output<typeof ZCouponRedeemRequest>,
      );
      res.json({
        msg: result.msg,
        amount: result.amount,
        balance: koboToNaira(result.balanceKobo),
      });
    },
  );

  router.post(
    '/admin/generateCoupon',
    auth,
    requireRole('couponVendor'),
    idempotent(ctx),
    validateBody(ZGenerateCouponRequest),
    async (req, res) => {
      const body = req.body as z.output<typeof ZGenerateCouponRequest>;
      res.status(201).json(
        await generateCoupon(ctx, currentUser(req), {
          userAccount: body.userAccount,
          amountKobo: body.amount,
        }),
      );
    },
  );

  router.get('/admin/coupons', auth, requireRole('couponVendor'), async (req, res) => {
    const page = req.query.page === undefined ? 1 : Number(req.query.page);
    if (!Number.isSafeInteger(page) || page < 1 || page > 100_000) {
      throw new AppError('VALIDATION_ERROR', { msg: 'Pages start at 1' });
    }
    res.json(await issuedCoupons(ctx, currentUser(req), page));
  });

  return router;
};
