import { Router } from 'express';
import type { z } from 'zod';
import { koboToNaira } from '@vendo/shared/money';
import { ZCouponRedeemRequest, ZGenerateCouponRequest } from '@vendo/shared/schemas/funding';
import {
  ZKycRequest,
  ZReferralPage,
  ZTransferRequest,
  ZUpgradeRequest,
} from '@vendo/shared/schemas/wallet';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser, requireRole } from '../auth/auth.middleware.ts';
import { withIdempotency } from '../vending/idempotency.ts';
import {
  generateCoupon,
  redeemCoupon,
  referralSummary,
  transferFunds,
  updateKyc,
  upgradeToReseller,
  validateRecipient,
  withdrawEarnings,
} from './wallet.service.ts';

/** Money moving between wallets inside Vendo (no external provider). Authenticated per route. */
export const walletRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx);

  router.get('/auth/validateUser/:userName', auth, async (req, res) => {
    res.json(await validateRecipient(ctx, String(req.params.userName)));
  });

  router.post('/auth/transferFund', auth, validateBody(ZTransferRequest), async (req, res) => {
    const user = currentUser(req);
    const body = req.body as z.output<typeof ZTransferRequest>;
    await withIdempotency(
      ctx,
      req,
      res,
      { userId: user.id, route: 'auth/transferFund' },
      async () => {
        const result = await transferFunds(ctx, user, {
          userName: body.userName,
          amountKobo: body.amount,
        });
        return {
          status: 200,
          body: {
            msg: result.msg,
            receipt: result.receipt,
            balance: koboToNaira(result.balanceKobo),
          },
        };
      },
    );
  });

  router.post('/fundWallet/coupon', auth, validateBody(ZCouponRedeemRequest), async (req, res) => {
    const user = currentUser(req);
    await withIdempotency(
      ctx,
      req,
      res,
      { userId: user.id, route: 'fundWallet/coupon' },
      async () => {
        const result = await redeemCoupon(
          ctx,
          user,
          req.body as z.output<typeof ZCouponRedeemRequest>,
        );
        return {
          status: 200,
          body: {
            msg: result.msg,
            amount: result.amount,
            balance: koboToNaira(result.balanceKobo),
          },
        };
      },
    );
  });

  router.post(
    '/admin/generateCoupon',
    auth,
    requireRole('couponVendor'),
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

  /** The reseller upgrade; the only change a user may make to their own tier (nothing else is accepted). */
  router.patch('/auth/user/:id', auth, validateBody(ZUpgradeRequest), async (req, res) => {
    const user = currentUser(req);
    if (req.params.id !== user.id)
      throw new AppError('FORBIDDEN', { msg: 'You can only upgrade your own account' });
    res.json(await upgradeToReseller(ctx, user));
  });

  router.get('/auth/referral', auth, async (req, res) => {
    const page = ZReferralPage.parse(req.query.page ?? 1);
    res.json(await referralSummary(ctx, currentUser(req).id, page));
  });

  router.post('/auth/withdrawEarning', auth, async (req, res) => {
    res.json(await withdrawEarnings(ctx, currentUser(req)));
  });

  router.post('/auth/updateKyc', auth, validateBody(ZKycRequest), async (req, res) => {
    res.json(await updateKyc(ctx, currentUser(req), req.body as { nin?: string; bvn?: string }));
  });

  return router;
};
