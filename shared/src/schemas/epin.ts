import { z } from '../zod.ts';
import {
  AIRTIME_NETWORK_CODES,
  EPIN_QUANTITY_MAX,
  EPIN_VALUES,
  NETWORKS,
  type TEpinValue,
  type TNetwork,
} from '../constants.ts';
import { ZNaira } from './common.ts';

/**
 * Recharge-card PINs (docs/product-rules.md#e-pins): the request the server parses and the form
 * reuses, and the price list. A purchase answers ZPurchaseResponse (purchase.responses.ts), its
 * receipt with `pins` once delivered.
 */

const byName = (v: string): TNetwork | undefined =>
  NETWORKS.find((n) => n === v.trim().toUpperCase());
const byCode = (v: number): TNetwork | undefined =>
  (Object.entries(AIRTIME_NETWORK_CODES) as [TNetwork, number][]).find(([, c]) => c === v)?.[0];

/** A network by name ('MTN', 'glo', '9MOBILE') or by its airtime code (1–4). */
export const ZEpinNetwork = z
  .union([z.string(), z.number()], { error: 'Please select a network' })
  .transform((v, ctx) => {
    const network =
      typeof v === 'number' ? byCode(v) : /^\d+$/.test(v.trim()) ? byCode(Number(v)) : byName(v);
    if (!network) {
      ctx.addIssue({ code: 'custom', message: 'Please select a network' });
      return z.NEVER;
    }
    return network;
  });

export const ZEpinValue = z
  .union([z.number(), z.string()], { error: 'Choose a card value: 100, 200, 500 or 1000' })
  .transform((v) => Number(v))
  .refine(
    (v): v is TEpinValue => (EPIN_VALUES as readonly number[]).includes(v),
    'Choose a card value: 100, 200, 500 or 1000',
  )
  .transform((v) => v as TEpinValue);

/** POST /buy/epin: `quantity` cards of one value on one network. */
export const ZBuyEpinRequest = z.object({
  network: ZEpinNetwork,
  value: ZEpinValue,
  quantity: z
    .union([z.number(), z.string()], { error: `Enter how many cards (1 to ${EPIN_QUANTITY_MAX})` })
    .transform((v) => Number(v))
    .refine(
      (v) => Number.isInteger(v) && v >= 1 && v <= EPIN_QUANTITY_MAX,
      `Enter how many cards (1 to ${EPIN_QUANTITY_MAX})`,
    ),
});
export type TBuyEpinRequest = z.input<typeof ZBuyEpinRequest>;

export const ZEpinProductItem = z.object({
  network: z.enum(NETWORKS),
  value: z.number().int().describe('Face value of one card, naira'),
  amount: ZNaira.describe("The caller's tier price per card"),
});
/** GET /epin/products: what is on sale now (available, network not paused). */
export const ZEpinProductsResponse = z.object({ products: z.array(ZEpinProductItem) });
export type TEpinProductsResponse = z.infer<typeof ZEpinProductsResponse>;
