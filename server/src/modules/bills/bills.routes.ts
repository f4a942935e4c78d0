import type { TUserType } from '@vendo/shared/constants';
import {
  ZBuyCableRequest,
  ZBuyExamRequest,
  ZCablePlansQuery,
  ZCableVerifyRequest,
  ZExamVerifyRequest,
} from '@vendo/shared/schemas/bills';
import {
  ZCablePlansResponse,
  ZCableVerifyResponse,
  ZExamProductsResponse,
  ZExamVerifyResponse,
} from '@vendo/shared/schemas/bills.responses';
import { ZBuyEpinRequest, ZEpinProductsResponse } from '@vendo/shared/schemas/epin';
import { ZPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { reply, route } from '../../api/route.ts';
import { apiError } from '../../openapi/operation.ts';
import { purchaseAnswer, recoverPurchaseAnswer } from '../vending/purchase-answer.ts';
import { PURCHASE_OUTCOMES, purchase400, tags as purchaseTags } from '../vending/vending.docs.ts';
import { buyCable, cablePlans, verifyCable } from './cable.service.ts';
import { buyEpin, epinProducts } from './epin.service.ts';
import { buyExam, examProducts, verifyExamProfile } from './exam.service.ts';
import {
  QUOTE_RULES,
  billsUnavailable,
  cableLocked,
  cableTags,
  epinLocked,
  epinTags,
  examLocked,
  examTags,
  invalidSmartcard,
  quoteErrors,
} from './bills.docs.ts';

/**
 * Cable TV, exam PINs and recharge-card PINs (docs/product-rules.md#cable-tv, #exam-pins,
 * #e-pins): prices for the caller's tier, verifications held as quotes, and purchases. By a session or an API token; purchases
 * honour Idempotency-Key / request_id like the other purchases.
 */
export const billsRoutes = [
  route({
    method: 'get',
    path: '/cable/plans',
    apiToken: true,
    tags: cableTags,
    summary: 'Bouquets of a pay-TV provider, priced for you',
    description:
      '`provider`: dstv, gotv, startimes or showmax. The available bouquets at your tier; a bouquet’s `code` is what `POST /buy/cable` sends as `planCode`.',
    access: 'user',
    query: ZCablePlansQuery,
    answers: { 200: { description: 'The bouquets', schema: ZCablePlansResponse } },
    errors: { 403: cableLocked },
    handler: async ({ ctx, user, query }) =>
      reply(200, await cablePlans(ctx, query.provider, user.userType as TUserType)),
  }),
  route({
    method: 'post',
    path: '/cable/verify',
    apiToken: true,
    tags: cableTags,
    summary: 'Verify a smartcard or IUC number',
    description: `Names the customer, the current bouquet, its due date and what renewing it costs at your tier (\`renewalAmount\`; null when it cannot be renewed here: choose a bouquet). ${QUOTE_RULES} Showmax has no verification: send the phone number as \`smartcardNumber\` and buy with \`subscriptionType: "change"\`.`,
    access: 'user',
    body: ZCableVerifyRequest,
    answers: { 200: { description: 'The customer and the quote', schema: ZCableVerifyResponse } },
    errors: { 400: invalidSmartcard, 403: cableLocked, 502: billsUnavailable },
    handler: async ({ ctx, user, body }) => reply(200, await verifyCable(ctx, user, body)),
  }),
  route({
    method: 'post',
    path: '/buy/cable',
    apiToken: true,
    tags: purchaseTags,
    summary: 'Pay a cable TV subscription',
    description: `\`subscriptionType\`: \`renew\` pays the current bouquet at the \`renewalAmount\` of the verification \`quoteId\` (never an amount you send); \`change\` buys the bouquet \`planCode\` (from \`GET /cable/plans\`) at your tier’s price. \`phone\`: 11 digits starting with 0.\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
    recover: recoverPurchaseAnswer,
    body: ZBuyCableRequest,
    answers: {
      200: { description: 'Delivered', schema: ZPurchaseResponse },
      202: { description: 'Pending: not confirmed by the supplier yet', schema: ZPurchaseResponse },
      400: purchase400(quoteErrors[400]),
    },
    errors: {
      403: cableLocked,
      404: {
        ...quoteErrors[404],
        plan: {
          summary: 'No such bouquet',
          value: apiError('NOT_FOUND', 'That bouquet does not exist for DStv'),
        },
      },
    },
    handler: async ({ ctx, user, body, req }) =>
      purchaseAnswer(await buyCable(ctx, { user, ...body, requestId: req.idempotencyKey ?? null })),
  }),
  route({
    method: 'get',
    path: '/exam/products',
    apiToken: true,
    tags: examTags,
    summary: 'Exam PINs on sale, priced for you',
    description:
      'WAEC, NECO, NABTEB and JAMB PINs at your tier, per PIN. `needsProfile`: JAMB, verify the candidate with `POST /exam/verify` first.',
    access: 'user',
    answers: { 200: { description: 'The products', schema: ZExamProductsResponse } },
    handler: async ({ ctx, user }) =>
      reply(200, await examProducts(ctx, user.userType as TUserType)),
  }),
  route({
    method: 'post',
    path: '/exam/verify',
    apiToken: true,
    tags: examTags,
    summary: 'Verify a JAMB candidate profile',
    description: `\`product\`: jamb-utme or jamb-de; \`profileId\`: the candidate’s 10-digit profile code. ${QUOTE_RULES}`,
    access: 'user',
    body: ZExamVerifyRequest,
    answers: { 200: { description: 'The candidate and the quote', schema: ZExamVerifyResponse } },
    errors: { 403: examLocked, 502: billsUnavailable },
    handler: async ({ ctx, user, body }) => reply(200, await verifyExamProfile(ctx, user, body)),
  }),
  route({
    method: 'post',
    path: '/buy/exam',
    apiToken: true,
    tags: purchaseTags,
    summary: 'Buy exam PINs',
    description: `\`quantity\`: 1 to 10 PINs (JAMB: 1, with the \`quoteId\` of \`POST /exam/verify\`). The delivered PINs are in \`receipt.pins\`, shown in full to you alone (again at \`GET /transaction/{id}\`); they are stored encrypted.\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
    secretAnswer: true,
    recover: recoverPurchaseAnswer,
    body: ZBuyExamRequest,
    answers: {
      200: { description: 'Delivered, with the PINs', schema: ZPurchaseResponse },
      202: { description: 'Pending: not confirmed by the supplier yet', schema: ZPurchaseResponse },
      400: purchase400({
        noProfile: {
          summary: 'JAMB without a verified profile',
          value: apiError('VALIDATION_ERROR', "Verify the candidate's JAMB profile first"),
        },
      }),
    },
    errors: { 403: examLocked, 404: quoteErrors[404] },
    handler: async ({ ctx, user, body, req }) =>
      purchaseAnswer(await buyExam(ctx, { user, ...body, requestId: req.idempotencyKey ?? null })),
  }),
  route({
    method: 'get',
    path: '/epin/products',
    apiToken: true,
    tags: epinTags,
    summary: 'Recharge-card PINs on sale, priced for you',
    description:
      'MTN, GLO, Airtel and 9mobile airtime PINs (e-PINs) of ₦100, ₦200, ₦500 and ₦1,000, at your tier, per card. A network an admin has paused, or a value not available, is left out.',
    access: 'user',
    answers: { 200: { description: 'The card values', schema: ZEpinProductsResponse } },
    handler: async ({ ctx, user }) =>
      reply(200, await epinProducts(ctx, user.userType as TUserType)),
  }),
  route({
    method: 'post',
    path: '/buy/epin',
    apiToken: true,
    tags: purchaseTags,
    summary: 'Buy recharge-card PINs (e-PINs) to print and sell',
    description: `\`network\`: MTN, GLO, AIRTEL or 9MOBILE (or the airtime codes 1 to 4); \`value\`: 100, 200, 500 or 1000; \`quantity\`: 1 to 100 cards. Charged quantity × your tier’s price for that value. The delivered cards are in \`receipt.pins\` (\`pin\`, \`serial\`), shown in full to you alone (again at \`GET /transaction/{id}\`); they are stored encrypted. All or nothing per card: if the supplier delivers fewer cards than asked, the purchase is for the cards delivered and the rest goes back to your wallet at once (\`details.delivered\`, \`details.undeliveredRefund\`, and a refund line in your history).\n\n${PURCHASE_OUTCOMES}`,
    access: 'user',
    idempotent: true,
    secretAnswer: true,
    recover: recoverPurchaseAnswer,
    body: ZBuyEpinRequest,
    answers: {
      200: { description: 'Delivered, with the cards', schema: ZPurchaseResponse },
      202: { description: 'Pending: not confirmed by the supplier yet', schema: ZPurchaseResponse },
      400: purchase400({
        quantity: {
          summary: 'Too many cards',
          value: apiError('VALIDATION_ERROR', 'Enter how many cards (1 to 100)'),
        },
      }),
    },
    errors: { 403: epinLocked },
    handler: async ({ ctx, user, body, req }) =>
      purchaseAnswer(await buyEpin(ctx, { user, ...body, requestId: req.idempotencyKey ?? null })),
  }),
];
