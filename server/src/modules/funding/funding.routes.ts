import { fundingFees, updateFundingFees } from './fees.service.ts';
import express, { Router } from 'express';
import type { z } from 'zod';
import {
  ZFeesRequest,
  ZGenerateAccountRequest,
  ZInitiateFundingRequest,
} from '@vendo/shared/schemas/funding';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser, requireRole } from '../../middleware/auth.ts';
import { idempotent } from '../../middleware/idempotency.ts';
import { handleSquadWebhook, initiateFunding, settleFunding } from './funding.service.ts';
import { generateAccount, handleBillstackWebhook } from './reserved-accounts.service.ts';

/** Card/bank funding (authenticated, JSON) and the staff re-query. */
export const fundingRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx);

  router.post(
    '/fundWallet/squad/initiate',
    auth,
    idempotent(ctx),
    validateBody(ZInitiateFundingRequest),
    async (req, res) => {
      const body = req.body as z.output<typeof ZInitiateFundingRequest>;
      const result = await initiateFunding(ctx, currentUser(req), {
        amountKobo: body.amount,
        email: body.email,
      });
      res.json({ link: result.link, msg: result.msg });
    },
  );

  /** Reserved bank account numbers (BillStack). */
  router.get('/auth/generateAcc', auth, async (req, res) => {
    res.json(await generateAccount(ctx, currentUser(req)));
  });
  router.post('/generateAcc', auth, validateBody(ZGenerateAccountRequest), async (req, res) => {
    res.json(
      await generateAccount(
        ctx,
        currentUser(req),
        (req.body as { bankName?: string }).bankName || 'palmpay',
      ),
    );
  });

  /** Funding fees in percent (admin-configurable; the environment gives the defaults). */
  router.get('/admin/fees', auth, requireRole('admin'), async (_req, res) => {
    res.json(await fundingFees(ctx));
  });
  router.post(
    '/admin/fees',
    auth,
    requireRole('admin'),
    validateBody(ZFeesRequest),
    async (req, res) => {
      // ZFeesRequest turns the percents it was sent into basis points.
      const body = req.body as { fundPageFeePercent?: number; accountCardFeePercent?: number };
      res.json(
        await updateFundingFees(ctx, currentUser(req), {
          fundPage: body.fundPageFeePercent,
          accountCard: body.accountCardFeePercent,
        }),
      );
    },
  );

  /** Admin or agent: ask Squad again about a pending wallet funding. */
  router.post(
    '/admin/requeryFunding/:id',
    auth,
    requireRole('agent'),
    idempotent(ctx),
    async (req, res) => {
      if (!isUuid(req.params.id)) throw new AppError('NOT_FOUND', { msg: 'Transaction not found' });
      const outcome = await settleFunding(ctx, String(req.params.id), {
        actorId: currentUser(req).id,
      });
      res.status(outcome.status === 202 ? 200 : outcome.status).json(outcome.body);
    },
  );

  return router;
};

/** Provider webhooks: raw bytes (signatures are over them), mounted before the JSON parser. */
export const webhookRoutes = (ctx: AppContext): Router => {
  const router = Router();
  router.post('/squad', express.raw({ type: () => true, limit: '100kb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await handleSquadWebhook(ctx, raw, req.get('x-squad-encrypted-body'));
    res.status(outcome.status).json(outcome.body);
  });
  router.post('/billstack', express.raw({ type: () => true, limit: '100kb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const outcome = await handleBillstackWebhook(
      ctx,
      raw,
      req.get('x-wiaxy-signature'),
      req.ip ?? '',
    );
    res.status(outcome.status).json(outcome.body);
  });
  return router;
};
