import { Router, type Request } from 'express';
import { DISCOS, type TNetwork, type TUserType } from '@vendo/shared/constants';
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
import { AppError } from '../../lib/app-error.ts';
import { validateBody } from '../../middleware/validate.ts';
import {
  assertSessionUser,
  authenticate,
  currentUser,
  requireToken,
} from '../auth/auth.middleware.ts';
import { subscriptionPlansFor } from '../catalogue/catalogue.service.ts';
import { PLAN_LIST_KEYS } from '@vendo/shared/constants';
import { withIdempotency, type HandlerResult } from './idempotency.ts';
import { priceAirtime, priceData, priceElectricity } from './pricing.ts';
import { cachedUser, findPlan, networkSupplier, purchaseCatalogue } from './purchase-cache.ts';
import {
  assertServiceOpen,
  executePurchase,
  purchaseAsSessionUser,
  type PurchaseOutcome,
} from './purchase.service.ts';
import type { UserRow } from '../users/users.repository.ts';

const outcomeResponse = (
  outcome: PurchaseOutcome,
  extra: Record<string, unknown> = {},
): HandlerResult => {
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

export const vendingRoutes = (ctx: AppContext): Router => {
  const router = Router();
  // Authenticated per route: this router sits at the API root, where unknown paths must 404.
  const auth = authenticate(ctx);
  // The purchase routes read the caller from the purchase cache; their debit proves it current.
  const token = requireToken(ctx);
  /** The session's user as cached (401 when the token is not theirs), before any key is taken. */
  const sessionCaller = async (req: Request): Promise<UserRow> =>
    assertSessionUser(req, await cachedUser(ctx, req.tokenClaims!.sub));

  /** Available plans for a network, priced for the caller's tier. */
  router.post('/prices', auth, validateBody(ZPlansRequest), async (req, res) => {
    const { network } = req.body as z.output<typeof ZPlansRequest>;
    const lists = await subscriptionPlansFor(ctx.db, currentUser(req).userType as TUserType);
    res.json(lists[PLAN_LIST_KEYS[network as TNetwork]]);
  });

  router.post('/buy/data', token, validateBody(ZBuyDataRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZBuyDataRequest>;
    const caller = await sessionCaller(req);
    const buy = async (user: UserRow) => {
      const catalogue = await purchaseCatalogue(ctx);
      assertServiceOpen(catalogue, 'data');
      const plan = findPlan(catalogue, body.network, body.plan);
      if (!plan)
        throw new AppError('NOT_FOUND', { msg: 'That data plan does not exist for this network' });
      if (!plan.isAvailable)
        throw new AppError('VALIDATION_ERROR', {
          msg: 'This data plan is not available at the moment',
        });
      const setting = networkSupplier(catalogue, body.network);
      const price = priceData(plan, user.userType as TUserType, setting.costPerGbKobo);
      const outcome = await executePurchase(ctx, user, {
        kind: 'data',
        network: body.network,
        phone: body.mobile_number,
        ...price,
        supplier: setting.supplier,
        planId: plan.id,
        ported: body.ported,
        details: {
          plan: plan.plan,
          planType: plan.planType,
          validity: plan.validity,
          planId: plan.planId,
        },
        place: (supplier, reference) =>
          supplier.buyData({
            reference,
            network: body.network,
            phone: body.mobile_number,
            supplierPlanId: plan.supplierPlanIds[setting.supplier] ?? plan.planId,
            ported: body.ported,
          }),
      });
      return outcomeResponse(outcome);
    };
    await withIdempotency(ctx, req, res, { userId: caller.id, route: 'buy/data' }, () =>
      purchaseAsSessionUser(ctx, req, caller, buy),
    );
  });

  router.post('/buy/airtime', token, validateBody(ZBuyAirtimeRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZBuyAirtimeRequest>;
    const caller = await sessionCaller(req);
    const buy = async (user: UserRow) => {
      const catalogue = await purchaseCatalogue(ctx);
      assertServiceOpen(catalogue, 'airtime');
      const setting = networkSupplier(catalogue, body.network);
      const price = priceAirtime(
        body.amount,
        user.userType as TUserType,
        ctx.config.vending.airtimeCostBasisPoints,
      );
      const outcome = await executePurchase(ctx, user, {
        kind: 'airtime',
        network: body.network,
        phone: body.mobile_number,
        ...price,
        supplier: setting.supplier,
        ported: body.ported,
        details: { faceValueKobo: body.amount },
        place: (supplier, reference) =>
          supplier.buyAirtime({
            reference,
            network: body.network,
            phone: body.mobile_number,
            amountKobo: body.amount,
            ported: body.ported,
          }),
      });
      return outcomeResponse(outcome);
    };
    await withIdempotency(ctx, req, res, { userId: caller.id, route: 'buy/airtime' }, () =>
      purchaseAsSessionUser(ctx, req, caller, buy),
    );
  });

  router.post('/buy/validateMeter', auth, validateBody(ZValidateMeterRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZValidateMeterRequest>;
    assertServiceOpen(await purchaseCatalogue(ctx), 'electricity');
    const meter = await validateMeter(ctx, body);
    res.json({ name: meter.name, address: meter.address, msg: 'Meter validated' });
  });

  router.post('/buy/electricity', token, validateBody(ZBuyElectricityRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZBuyElectricityRequest>;
    const caller = await sessionCaller(req);
    await withIdempotency(ctx, req, res, { userId: caller.id, route: 'buy/electricity' }, () =>
      purchaseAsSessionUser(ctx, req, caller, async (user) => {
        assertServiceOpen(await purchaseCatalogue(ctx), 'electricity');
        // Validated again here, before any money moves: the client's earlier check is not proof.
        const meter = await validateMeter(ctx, body);
        const disco = DISCOS.find((d) => d.id === body.meterId)!;
        const supplierName = ctx.config.vending.electricitySupplier;
        const outcome = await executePurchase(ctx, user, {
          kind: 'electricity',
          network: disco.name,
          phone: body.phone ?? user.phoneNumber,
          ...priceElectricity(body.amount),
          supplier: supplierName,
          details: {
            meterNumber: body.meterNumber,
            meterType: body.meterType,
            discoId: body.meterId,
            customerName: meter.name,
            amountKobo: body.amount,
          },
          place: (supplier, reference) =>
            supplier.buyElectricity({
              reference,
              discoId: body.meterId,
              meterNumber: body.meterNumber,
              meterType: body.meterType,
              amountKobo: body.amount,
              phone: body.phone ?? user.phoneNumber,
              customerName: meter.name,
            }),
        });
        return outcomeResponse(outcome, {
          token: outcome.token ?? null,
          meterNumber: body.meterNumber,
          customerName: meter.name,
        });
      }),
    );
  });

  return router;
};

const validateMeter = async (ctx: AppContext, body: z.output<typeof ZValidateMeterRequest>) => {
  let meter;
  try {
    meter = await ctx.suppliers.get(ctx.config.vending.electricitySupplier).validateMeter({
      discoId: body.meterId,
      meterNumber: body.meterNumber,
      meterType: body.meterType,
    });
  } catch {
    throw new AppError('PROVIDER_ERROR', {
      msg: 'We could not reach the electricity company. Please try again.',
    });
  }
  if (!meter.valid)
    throw new AppError('VALIDATION_ERROR', { msg: meter.name || 'INVALID METER NUMBER' });
  return meter;
};
