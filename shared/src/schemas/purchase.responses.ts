import { z } from '../zod.ts';
import { ZApiError, ZNaira } from './common.ts';
import { ZTransaction } from './transaction.ts';

/**
 * Purchase answers (docs/product-rules.md#purchase-outcomes): the receipt and the wallet balance
 * after it. They are kept apart from the request schemas, which the client's forms import at run
 * time: the client imports these as types only, so they add nothing to its bundle.
 */

/** POST /buy/validateMeter: the meter owner as the electricity company knows them. */
export const ZValidateMeterResponse = z.object({
  name: z.string().describe("The meter owner's name"),
  address: z.string().nullable(),
  msg: z.string(),
});
export type TValidateMeterResponse = z.infer<typeof ZValidateMeterResponse>;

/**
 * POST /buy/data and /buy/airtime: 200 (success), 202 (pending: re-queried until settled) and
 * 400 PURCHASE_FAILED (the wallet refunded in the same answer) all carry the receipt and the
 * wallet balance after it.
 */
export const ZPurchaseResponse = z
  .object({
    msg: z.string(),
    code: z.literal('PURCHASE_FAILED').optional().describe('Only on 400: refunded'),
    receipt: ZTransaction,
    balance: ZNaira.describe('The wallet balance after this purchase'),
  })
  .describe('A purchase answer (200 success, 202 pending, 400 PURCHASE_FAILED refunded)');
export type TPurchaseResponse = z.infer<typeof ZPurchaseResponse>;

/** POST /buy/electricity: a purchase answer plus the token (null until delivered). */
export const ZElectricityPurchaseResponse = ZPurchaseResponse.extend({
  token: z.string().nullable(),
  meterNumber: z.string(),
  customerName: z.string(),
});
export type TElectricityPurchaseResponse = z.infer<typeof ZElectricityPurchaseResponse>;

/**
 * 409 PRICE_CHANGED on the three purchases: the charge the request confirmed (`expectedAmount`)
 * is not the charge now; nothing was bought. `currentAmount` is the charge to confirm instead.
 */
export const ZPriceChangedError = ZApiError.extend({
  code: z.literal('PRICE_CHANGED'),
  currentAmount: ZNaira.describe('The charge now, for the caller’s tier'),
}).describe('The price changed since the buyer confirmed it; nothing was charged');
export type TPriceChangedError = z.infer<typeof ZPriceChangedError>;
