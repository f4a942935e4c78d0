import { Router } from 'express';
import { PLAN_LIST_KEYS, type TNetwork, type TUserType } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import {
  ZBuyAirtimeRequest,
  ZBuyDataRequest,
  ZBuyElectricityRequest,
  ZPlansRequest,
  ZValidateMeterRequest,
} from '@vendo/shared/schemas/purchase';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { idempotent } from '../../middleware/idempotency.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { subscriptionPlansFor } from '../catalogue/catalogue.service.ts';
import { purchaseOutcomeByRequestId, type PurchaseOutcome } from './purchase.service.ts';
import { buyAirtime, buyData, buyElectricity, validateMeter } from './vending.service.ts';

type Answer = { status: number; body: unknown };

/** A purchase's HTTP answer: 200 delivered, 202 pending, 400 failed and refunded. */
const purchaseAnswer = (outcome: PurchaseOutcome, extra: Record<string, unknown> = {}): Answer => {
  const base = { receipt: outcome.receipt, balance: koboToNaira(outcome.balanceKobo), ...extra };
  if (outcome.status === 'success')
    return { status: 200, body: { msg: 'Transaction successful', ...base } };
  if (outcome.status === 'pending') {
    return {
      status: 202,
      body: {
        msg: 'Your purchase is being processed. We will confirm it shortly; you will not be charged twice.',
        ...base,
      },
    };
  }
  const reason = outcome.supplierMessage
    .replace(/^\s*transaction failed[:.]?\s*/i, '')
    .replace(/[.\s]+$/, '');
  return {
    status: 400,
    body: {
      msg: `Transaction failed${reason ? `: ${reason}` : ''}. Your wallet has been refunded.`,
      code: 'PURCHASE_FAILED',
      ...base,
    },
  };
};

/**
 * Plans and purchases. Authenticated per route (this router sits at the API root), by a session
 * or an API token; purchases honour Idempotency-Key / request_id.
 */
export const vendingRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx, { apiTokens: true });
  // A purchase whose answer was lost after its debit answers its current state on a replay.
  const once = idempotent(ctx, {
    recover: async (req, { key }) => {
      const outcome = await purchaseOutcomeByRequestId(ctx, currentUser(req), key);
      if (!outcome) return null;
      const { details } = outcome;
      return purchaseAnswer(
        outcome,
        outcome.receipt.trans_Type === 'electricity'
          ? {
              token: outcome.token ?? null,
              meterNumber: details.meterNumber,
              customerName: details.customerName,
            }
          : {},
      );
    },
  });

  /** Available plans for a network, priced for the caller's tier. */
  router.post('/prices', auth, validateBody(ZPlansRequest), async (req, res) => {
    const { network } = req.body as z.output<typeof ZPlansRequest>;
    if (network === null) {
      res.json([]);
      return;
    }
    const lists = await subscriptionPlansFor(ctx.db, currentUser(req).userType as TUserType);
    res.json(lists[PLAN_LIST_KEYS[network as TNetwork]]);
  });

  router.post('/buy/data', auth, once, validateBody(ZBuyDataRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZBuyDataRequest>;
    const answer = purchaseAnswer(
      await buyData(ctx, {
        user: currentUser(req),
        network: body.network,
        phone: body.mobile_number,
        plan: body.plan,
        ported: body.ported,
        requestId: req.idempotencyKey ?? null,
        expectedChargeKobo: body.expectedAmount,
      }),
    );
    res.status(answer.status).json(answer.body);
  });

  router.post('/buy/airtime', auth, once, validateBody(ZBuyAirtimeRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZBuyAirtimeRequest>;
    const answer = purchaseAnswer(
      await buyAirtime(ctx, {
        user: currentUser(req),
        network: body.network,
        phone: body.mobile_number,
        amountKobo: body.amount,
        ported: body.ported,
        requestId: req.idempotencyKey ?? null,
        expectedChargeKobo: body.expectedAmount,
      }),
    );
    res.status(answer.status).json(answer.body);
  });

  router.post('/buy/validateMeter', auth, validateBody(ZValidateMeterRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZValidateMeterRequest>;
    const meter = await validateMeter(ctx, {
      discoId: body.meterId,
      meterNumber: body.meterNumber,
      meterType: body.meterType,
    });
    res.json({ name: meter.name, address: meter.address, msg: 'Meter validated' });
  });

  router.post(
    '/buy/electricity',
    auth,
    once,
    validateBody(ZBuyElectricityRequest),
    async (req, res) => {
      const body = req.body as z.output<typeof ZBuyElectricityRequest>;
      const outcome = await buyElectricity(ctx, {
        user: currentUser(req),
        discoId: body.meterId,
        meterNumber: body.meterNumber,
        meterType: body.meterType,
        amountKobo: body.amount,
        phone: body.phone,
        requestId: req.idempotencyKey ?? null,
        expectedChargeKobo: body.expectedAmount,
      });
      const answer = purchaseAnswer(outcome, {
        token: outcome.token ?? null,
        meterNumber: outcome.meterNumber,
        customerName: outcome.customerName,
      });
      res.status(answer.status).json(answer.body);
    },
  );

  return router;
};
