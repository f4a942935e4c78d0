import { z } from 'zod';
import { ZPlansResponse } from '@vendo/shared/schemas/catalogue';
import { ZApiError } from '@vendo/shared/schemas/common';
import {
  ZBuyAirtimeRequest,
  ZBuyDataRequest,
  ZBuyElectricityRequest,
  ZPlansRequest,
  ZValidateMeterRequest,
} from '@vendo/shared/schemas/purchase';
import {
  ZElectricityPurchaseResponse,
  ZPriceChangedError,
  ZPurchaseResponse,
  ZValidateMeterResponse,
} from '@vendo/shared/schemas/purchase.responses';
import {
  buyAirtimeExamples,
  buyDataExamples,
  electricityExamples,
  plansExamples,
  priceChangedExamples,
  purchaseErrorExamples,
} from '../examples.ts';
import { apiError, type ApiRoute, type Examples } from '../operation.ts';

const tags = ['Purchases'];

const PURCHASE_OUTCOMES =
  'A purchase is debited with its receipt in one database transaction, then the supplier is asked. **200**: delivered. **202**: the supplier has not confirmed yet: the purchase is `pending` and re-queried by us until settled, never refunded blind; ask `GET /transaction/{id}` (or wait for your webhook). **400 `PURCHASE_FAILED`**: the supplier definitely refused and the wallet is already refunded in the same answer. Send an `Idempotency-Key` so a retry after a timeout cannot buy twice.';

const EXPECTED_AMOUNT =
  '`expectedAmount` (optional, naira): the charge your buyer saw and confirmed. If the charge for your tier is different now (an admin changed the price), nothing is bought and the answer is **409 `PRICE_CHANGED`** with `currentAmount`, the charge now: show it, and once the buyer confirms it send the purchase again with that `expectedAmount` and a **new** Idempotency-Key (the 409 is stored for the old key, and a changed body under it is refused with 422). Without `expectedAmount` the purchase is made at the current price.';

/**
 * A purchase's 409: the price changed since the buyer confirmed it (with the charge now), or
 * the first request with this Idempotency-Key is still running.
 */
const purchase409 = (priceChanged: Examples) => ({
  description:
    '`PRICE_CHANGED`: the charge is not the `expectedAmount` sent, nothing was charged (`currentAmount` is the charge now); or `CONFLICT`: a request with this Idempotency-Key is still running',
  schema: z.union([ZPriceChangedError, ZApiError]),
  examples: {
    ...priceChanged,
    keyInProgress: {
      summary: 'The first request with this Idempotency-Key is still running',
      value: apiError('CONFLICT', 'A request with this key is in progress'),
    },
  },
});

const locked = (service: string): Examples => ({
  locked: {
    summary: 'The service is paused by an admin',
    value: apiError(
      'SERVICE_LOCKED',
      `${service} purchases are paused at the moment. Please try again later.`,
    ),
  },
});

/** Meter validation (also the first step of a payment) when the disco cannot be asked. */
const meterUnavailable: Examples = {
  unavailable: {
    summary: 'The electricity company could not be asked; nothing was charged',
    value: apiError(
      'PROVIDER_ERROR',
      'We could not reach the electricity company. Please try again.',
    ),
  },
};

/** A purchase's 400: a refused purchase (refunded receipt) or a request error (nothing charged). */
const purchase400 = (failed: Examples, receiptSchema: z.ZodType = ZPurchaseResponse) => ({
  description:
    'Either `PURCHASE_FAILED` (the supplier refused; refunded in this answer, with the receipt) or a request error such as `VALIDATION_ERROR` or `INSUFFICIENT_BALANCE` (nothing was charged)',
  schema: z.union([receiptSchema, ZApiError]),
  examples: { ...failed, ...purchaseErrorExamples },
});

/** /buy/* and POST /prices: what API users call most. */
export const vendingPaths: ApiRoute[] = [
  {
    method: 'post',
    path: '/prices',
    apiToken: true,
    tags: ['Plans and prices'],
    summary: 'Data plans of a network, priced for you',
    description:
      'The available plans of one network at the caller’s tier (`plan_amount`); the `id` of a plan is what `POST /buy/data` sends as `plan`. `network` is MTN, GLO, AIRTEL or 9MOBILE, or the data network code (1, 2, 3, 6). No network (absent, empty or `select`) answers `[]`.',
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
  },
  {
    method: 'post',
    path: '/buy/data',
    apiToken: true,
    tags,
    summary: 'Buy data',
    description: `\`network\`: MTN 1, GLO 2, AIRTEL 3, 9MOBILE 6. \`mobile_number\`: 11 digits starting with 0. \`plan\`: a plan \`id\` from \`POST /prices\`. \`ported: true\` when the number moved from another network.\n\n${EXPECTED_AMOUNT}\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
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
  },
  {
    method: 'post',
    path: '/buy/airtime',
    apiToken: true,
    tags,
    summary: 'Buy airtime',
    description: `\`network\`: MTN 1, GLO 2, AIRTEL 3, 9MOBILE 4. \`amount\`: naira, ₦100 to ₦50,000; 99% of it is charged (98% for resellers).\n\n${EXPECTED_AMOUNT}\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
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
  },
  {
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
  },
  {
    method: 'post',
    path: '/buy/electricity',
    apiToken: true,
    tags,
    summary: 'Buy electricity',
    description: `\`amount\`: naira, ₦500 to ₦500,000; amount + ₦50 is charged. A prepaid meter’s 20-digit \`token\` is in the answer once delivered (null while pending).\n\n${EXPECTED_AMOUNT}\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
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
  },
];
