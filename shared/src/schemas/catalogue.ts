import { z } from '../zod.ts';
import { NETWORKS, SERVICE_NAMES, USER_TYPES } from '../constants.ts';
import { ZNaira } from './common.ts';

/** Plans, prices and balance-check codes (docs/product-rules.md#catalogue). */

export const ZNetwork = z.enum(NETWORKS);

export const ZDataPlan = z
  .object({
    _id: z.string(),
    id: z.string().describe('The plan id a purchase sends'),
    plan: z.string().describe("Volume, e.g. '1GB'"),
    plan_type: z.string().describe("e.g. 'SME', 'CG'"),
    plan_network: ZNetwork,
    plan_amount: ZNaira.describe("The caller's price, by tier"),
    month_validate: z.string().describe("Validity, e.g. '30 days'"),
    my_price: ZNaira.describe('Smart earner price'),
    resellerPrice: ZNaira,
    apiPrice: ZNaira,
    isAvailable: z
      .boolean()
      .describe(
        'True on every listed plan: clients written for the original system list only these',
      ),
    volumeRatio: z.number().optional().describe('Staff (admin or agent) only: volume in GB'),
    planCostPrice: ZNaira.optional().describe('Staff only: the cost price'),
    partnerPrice: ZNaira.nullable().optional().describe('Staff only'),
  })
  .describe('A data plan in the purchase list, priced for the caller (available plans only)');
export type TDataPlan = z.infer<typeof ZDataPlan>;

/** The plan lists of login, register and GET /auth; 9MOBILE's list is called NMOBILE there. */
export const ZSubscriptionPlans = z.object({
  MTN: z.array(ZDataPlan),
  GLO: z.array(ZDataPlan),
  AIRTEL: z.array(ZDataPlan),
  NMOBILE: z.array(ZDataPlan),
});
export type TSubscriptionPlans = z.infer<typeof ZSubscriptionPlans>;

/** POST /prices {network}: one network's available plans, priced for the caller. */
export const ZPlansResponse = z.array(ZDataPlan);
export type TPlansResponse = z.infer<typeof ZPlansResponse>;

export const ZPriceRow = z
  .object({
    id: z.string(),
    plan_network: ZNetwork,
    plan_type: z.string(),
    plan: z.string(),
    my_price: ZNaira,
    resellerPrice: ZNaira,
    apiPrice: ZNaira,
    month_validate: z.string(),
  })
  .describe('A row of the public price list: never a cost price');
export type TPriceRow = z.infer<typeof ZPriceRow>;

/** GET /prices/services: what airtime and electricity cost, per account type. */
export const ZServicePricesResponse = z
  .object({
    airtime: z
      .array(
        z.object({
          userType: z.enum(USER_TYPES),
          discountPercent: z.number().describe('Off the face value, e.g. 1 for 1%'),
          chargePercent: z.number().describe('Of the face value charged, e.g. 99'),
        }),
      )
      .describe('Airtime: the share of the face value charged, per account type'),
    electricity: z.object({ feeNaira: ZNaira.describe('Added to the amount of every token') }),
  })
  .describe('Prices of airtime and electricity (data plans: GET /prices)');
export type TServicePricesResponse = z.infer<typeof ZServicePricesResponse>;

/** GET /prices: the public price list. */
export const ZPriceListResponse = z.array(ZPriceRow);
export type TPriceListResponse = z.infer<typeof ZPriceListResponse>;

export const ZUssdCategory = z.enum(['data', 'airtime']);

export const ZUssdCode = z
  .object({
    id: z.number().int(),
    category: ZUssdCategory,
    label: z.string(),
    code: z.string().describe("e.g. '*461*4#'"),
    sortOrder: z.number().int(),
  })
  .describe('A balance-check USSD code (admin-editable)');
export type TUssdCode = z.infer<typeof ZUssdCode>;

/** GET /ussd, and POST /admin/ussd's answer. */
export const ZUssdCodesResponse = z.object({ ussdCodes: z.array(ZUssdCode) });
export type TUssdCodesResponse = z.infer<typeof ZUssdCodesResponse>;

/** GET /services: which purchases are paused now, for the buy screens to say so on arrival. */
export const ZServiceStatusResponse = z.object({
  services: z.array(
    z.object({
      name: z.enum(SERVICE_NAMES),
      isOpen: z.boolean().describe('false: paused by the back office'),
    }),
  ),
  networks: z
    .array(
      z.object({
        network: z.enum(NETWORKS),
        data: z.boolean().describe("false: this network's data is paused"),
        airtime: z.boolean().describe("false: this network's airtime is paused"),
      }),
    )
    .describe('A network missing here is open'),
});
export type TServiceStatusResponse = z.infer<typeof ZServiceStatusResponse>;
