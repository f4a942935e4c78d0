import type { TNetwork, TUserType } from '@vendo/shared/constants';
import { ZPlansResponse } from '@vendo/shared/schemas/catalogue';
import {
  ZBuyAirtimeRequest,
  ZBuyDataRequest,
  ZBuyElectricityRequest,
  ZPlansRequest,
  ZValidateMeterRequest,
} from '@vendo/shared/schemas/purchase';
import {
  ZElectricityPurchaseResponse,
  ZPurchaseResponse,
  ZValidateMeterResponse,
} from '@vendo/shared/schemas/purchase.responses';
import { reply, route } from '../../api/route.ts';
import {
  buyAirtimeExamples,
  buyDataExamples,
  electricityExamples,
  plansExamples,
  priceChangedExamples,
} from '../../openapi/examples.ts';
import { apiError } from '../../openapi/operation.ts';
import { networkPlansFor } from '../catalogue/catalogue.service.ts';
import { purchaseAnswer, recoverPurchaseAnswer } from './purchase-answer.ts';
import { buyAirtime, buyData, buyElectricity, validateMeter } from './vending.service.ts';
import {
  EXPECTED_AMOUNT,
  PURCHASE_OUTCOMES,
  locked,
  meterUnavailable,
  purchase400,
  purchase409,
  tags,
} from './vending.docs.ts';

/**
 * Plans and purchases: what API users call most, so they come first in the table. By a session
 * or an API token; purchases honour Idempotency-Key / request_id, and a purchase whose answer
 * was lost after its debit answers its current state on a replay.
 */
export const vendingRoutes = [
  route({
    method: 'post',
    path: '/prices',
    apiToken: true,
    tags: ['Plans and prices'],
    summary: 'Data plans of a network, priced for you',
    description:
      'The available plans of one network at the caller’s tier (`plan_amount`); the `id` of a plan is what `POST /buy/data` sends as `plan`. Admins and agents also get each plan’s `volumeRatio` (GB), `planCostPrice` and `partnerPrice`. `network` is MTN, GLO, AIRTEL or 9MOBILE, or the data network code (1, 2, 3, 6). No network (absent, empty or `select`) answers `[]`.',
    access: 'user',
    body: ZPlansRequest,
    bodyExamples: { mtn: { summary: 'MTN', value: { network: 'MTN' } } },
    answers: { 200: { description: 'The plans', schema: ZPlansResponse, examples: plansExamples } },
    errors: {
      400: {
        network: {
          summary: 'Unknown network',
          value: apiError('VALIDATION_ERROR', 'Please select a network'),
        },
      },
    },
    handler: async ({ ctx, user, body }) => {
      if (body.network === null) return reply(200, []);
      const staff = user.isAdmin || user.isAgent;
      return reply(
        200,
        await networkPlansFor(ctx.db, body.network as TNetwork, user.userType as TUserType, {
          staff,
        }),
      );
    },
  }),
  route({
    method: 'post',
    path: '/buy/data',
    apiToken: true,
    tags,
    summary: 'Buy data',
    description: `\`network\`: MTN 1, GLO 2, AIRTEL 3, 9MOBILE 6. \`mobile_number\`: 11 digits starting with 0. \`plan\`: a plan \`id\` from \`POST /prices\`. \`ported: true\` when the number moved from another network.\n\n${EXPECTED_AMOUNT}\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
    recover: recoverPurchaseAnswer,
    body: ZBuyDataRequest,
    bodyExamples: buyDataExamples.request,
    answers: {
      200: {
        description: 'Delivered',
        schema: ZPurchaseResponse,
        examples: buyDataExamples.answers[200],
      },
      202: {
        description: 'Pending: not confirmed by the supplier yet',
        schema: ZPurchaseResponse,
        examples: buyDataExamples.answers[202],
      },
      400: purchase400(buyDataExamples.answers.failed),
      409: purchase409(priceChangedExamples.data),
    },
    errors: {
      403: locked('Data'),
      404: {
        plan: {
          summary: 'No such plan on this network',
          value: apiError('NOT_FOUND', 'That data plan does not exist for this network'),
        },
      },
    },
    handler: async ({ ctx, user, body, req }) =>
      purchaseAnswer(
        await buyData(ctx, {
          user,
          network: body.network,
          phone: body.mobile_number,
          plan: body.plan,
          ported: body.ported,
          requestId: req.idempotencyKey ?? null,
          expectedChargeKobo: body.expectedAmount,
        }),
      ),
  }),
  route({
    method: 'post',
    path: '/buy/airtime',
    apiToken: true,
    tags,
    summary: 'Buy airtime',
    description: `\`network\`: MTN 1, GLO 2, AIRTEL 3, 9MOBILE 4. \`amount\`: naira, ₦100 to ₦50,000; 99% of it is charged (98% for resellers).\n\n${EXPECTED_AMOUNT}\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
    recover: recoverPurchaseAnswer,
    body: ZBuyAirtimeRequest,
    bodyExamples: buyAirtimeExamples.request,
    answers: {
      200: {
        description: 'Delivered',
        schema: ZPurchaseResponse,
        examples: buyAirtimeExamples.answer,
      },
      202: {
        description: 'Pending: not confirmed by the supplier yet',
        schema: ZPurchaseResponse,
      },
      400: purchase400(buyAirtimeExamples.minimum),
      409: purchase409(priceChangedExamples.airtime),
    },
    errors: { 403: locked('Airtime') },
    handler: async ({ ctx, user, body, req }) =>
      purchaseAnswer(
        await buyAirtime(ctx, {
          user,
          network: body.network,
          phone: body.mobile_number,
          amountKobo: body.amount,
          ported: body.ported,
          requestId: req.idempotencyKey ?? null,
          expectedChargeKobo: body.expectedAmount,
        }),
      ),
  }),
  route({
    method: 'post',
    path: '/buy/validateMeter',
    apiToken: true,
    tags,
    summary: 'Validate an electricity meter',
    description:
      'Ask before `POST /buy/electricity` and show the owner’s name to the payer. `meterId` is the disco: Ikeja 18, Ibadan 19, Eko 20, Port Harcourt 21, Kaduna 22, Kano 23, Jos 24, Abuja 25, Enugu 26, Yola 28, Benin 29.',
    access: 'user',
    body: ZValidateMeterRequest,
    bodyExamples: electricityExamples.validateRequest,
    answers: {
      200: {
        description: 'The meter owner',
        schema: ZValidateMeterResponse,
        examples: electricityExamples.validateAnswer,
      },
    },
    errors: {
      400: electricityExamples.invalidMeter,
      403: locked('Electricity'),
      502: meterUnavailable,
    },
    handler: async ({ ctx, body }) => {
      const meter = await validateMeter(ctx, {
        discoId: body.meterId,
        meterNumber: body.meterNumber,
        meterType: body.meterType,
      });
      return reply(200, { name: meter.name, address: meter.address, msg: 'Meter validated' });
    },
  }),
  route({
    method: 'post',
    path: '/buy/electricity',
    apiToken: true,
    tags,
    summary: 'Buy electricity',
    description: `\`amount\`: naira, ₦500 to ₦500,000; amount + ₦50 is charged. A prepaid meter’s 20-digit \`token\` is in the answer once delivered (null while pending).\n\n${EXPECTED_AMOUNT}\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
    recover: recoverPurchaseAnswer,
    body: ZBuyElectricityRequest,
    bodyExamples: electricityExamples.buyRequest,
    answers: {
      200: {
        description: 'Delivered, with the token',
        schema: ZElectricityPurchaseResponse,
        examples: electricityExamples.buyAnswer,
      },
      202: {
        description: 'Pending: not confirmed by the supplier yet (token null)',
        schema: ZElectricityPurchaseResponse,
      },
      400: purchase400(electricityExamples.invalidMeter, ZElectricityPurchaseResponse),
      409: purchase409(priceChangedExamples.electricity),
    },
    errors: { 403: locked('Electricity'), 502: meterUnavailable },
    handler: async ({ ctx, user, body, req }) => {
      const outcome = await buyElectricity(ctx, {
        user,
        discoId: body.meterId,
        meterNumber: body.meterNumber,
        meterType: body.meterType,
        amountKobo: body.amount,
        phone: body.phone,
        requestId: req.idempotencyKey ?? null,
        expectedChargeKobo: body.expectedAmount,
      });
      return purchaseAnswer(outcome, {
        token: outcome.token ?? null,
        meterNumber: outcome.meterNumber,
        customerName: outcome.customerName,
      });
    },
  }),
];
