import { z } from '../zod.ts';
import { NETWORKS } from '../constants.ts';
import { isValidNaira, nairaToKobo } from '../money.ts';
import { ZIsoDateTime, ZMsgResponse, ZNaira, zRecordId } from './common.ts';

/**
 * The catalogue back office (docs/product-rules.md#catalogue): plans
 * added, changed and retired by admins, prices changed by admins and agents, cost prices, the
 * broadcast notification. Amounts are naira on the wire, kobo inside the server.
 */

const SELECT_NETWORK = 'Please select a network';

/** A network as the plan page sends it ('select' or empty means none was chosen). */
export const ZPlanNetwork = z
  .string({ error: SELECT_NETWORK })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(NETWORKS, { error: SELECT_NETWORK }));

/** A naira price field: a number (or numeric string) with at most two decimals, as kobo. */
const price = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `Enter the ${label}` })
    .refine(isValidNaira, `Enter a valid ${label}`)
    .transform(nairaToKobo);

const optionalPrice = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), price(label).optional());

/** POST /dataPlan/add and PATCH /dataPlan/update (the latter with `_id`). */
export const ZPlanRequest = z.object({
  _id: zRecordId('That plan does not exist')
    .optional()
    .describe('Our id of the plan (update only)'),
  planNetwork: ZPlanNetwork,
  planName: z
    .string({ error: 'Enter the plan name' })
    .trim()
    .min(1, 'Enter the plan name')
    .max(40)
    .describe("What customers see, e.g. '1GB'"),
  planType: z
    .string({ error: 'Enter the plan type' })
    .trim()
    .min(1, 'Enter the plan type')
    .max(30)
    .describe("e.g. 'SME', 'CG', 'GIFTING'"),
  planVolumeRatio: z.coerce
    .number({ error: 'Enter the volume in GB' })
    .positive('Enter the volume in GB')
    .max(10_000, 'Enter the volume in GB')
    .describe('Volume in GB: 1 for 1GB, 0.5 for 500MB'),
  planValidity: z
    .string({ error: 'Enter the validity' })
    .trim()
    .min(1, 'Enter the validity')
    .max(40)
    .describe("e.g. '30 days'"),
  planId: z
    .union([z.string(), z.number()], { error: 'Enter the plan id' })
    .transform((v) => String(v).trim())
    .refine((v) => v.length > 0 && v.length <= 40, 'Enter the plan id')
    .describe('The plan id customers and API users send'),
  smartEarnerPrice: price('smart earner price'),
  resellerPrice: price('reseller price'),
  apiPrice: price('API price'),
  planCostPrice: optionalPrice('cost price').describe(
    "What the supplier charges us; 0 or absent: the network's cost per GB × volume",
  ),
  partnerPrice: optionalPrice('partner price'),
  planAvailability: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional()
    .describe('Shown to buyers (default true)'),
});
export type TPlanRequest = z.input<typeof ZPlanRequest>;

/** A price an update may clear: null or '' clears it, absent leaves it as it is. */
const clearablePrice = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z.union([z.null(), price(label)], { error: `Enter a valid ${label}` }).optional(),
  );

/**
 * PATCH /dataPlan/update: `_id` and only the fields that change; absent fields keep their value
 * (a whole plan, as the plan page and clients written for the original system send, works too).
 */
export const ZPlanUpdateRequest = ZPlanRequest.partial().extend({
  _id: zRecordId('Choose a plan to edit').describe('Our id of the plan'),
  planCostPrice: clearablePrice('cost price').describe(
    "What the supplier charges us; 0 or null: the network's cost per GB × volume",
  ),
  partnerPrice: clearablePrice('partner price').describe('null clears it'),
});
export type TPlanUpdateRequest = z.input<typeof ZPlanUpdateRequest>;

/** DELETE /dataPlan/delete?planId= (our id of the plan). */
export const ZPlanDeleteQuery = z.object({
  planId: zRecordId('Choose a plan'),
});

/** GET /dataPlan/history/{id} (our id of the plan). */
export const ZPlanIdParams = z.object({ id: zRecordId('That plan does not exist') });

/** GET /dataPlan?network=: every plan of a network, retired ones aside (admins and agents). */
export const ZPlanListQuery = z.object({ network: ZPlanNetwork });

/** A plan as the plan page shows it, with its margin per tier. */
export const ZManagedPlan = z.object({
  _id: z.string(),
  plan: z.string(),
  planType: z.string(),
  planId: z.string(),
  volumeRatio: z.number().describe('Volume in GB'),
  planValidity: z.string(),
  planCostPrice: ZNaira.describe('0 when the network cost per GB applies'),
  effectiveCostPrice: ZNaira.describe('What a sale of this plan costs us today'),
  smartEarnerPrice: ZNaira,
  resellerPrice: ZNaira,
  apiPrice: ZNaira,
  partnerPrice: ZNaira.nullable(),
  isAvailable: z.boolean(),
  plan_network: z.enum(NETWORKS),
  margins: z
    .object({ smartEarner: ZNaira, reseller: ZNaira, api: ZNaira })
    .describe('Price minus effective cost per tier (may be negative)'),
});
export type TManagedPlan = z.infer<typeof ZManagedPlan>;

export const ZPlanListResponse = z.object({ plans: z.array(ZManagedPlan) });
export type TPlanListResponse = z.infer<typeof ZPlanListResponse>;

export const ZPlanSavedResponse = ZMsgResponse.extend({ plan: ZManagedPlan });
export type TPlanSavedResponse = z.infer<typeof ZPlanSavedResponse>;

/** One change in a plan's price history. */
export const ZPlanPriceChange = z.object({
  at: ZIsoDateTime,
  by: z.string().nullable().describe('Username of the staff member; null for the seed'),
  before: z
    .object({
      costPrice: ZNaira,
      smartEarnerPrice: ZNaira,
      resellerPrice: ZNaira,
      apiPrice: ZNaira,
      partnerPrice: ZNaira.nullable(),
      isAvailable: z.boolean(),
    })
    .nullable(),
  after: z.object({
    costPrice: ZNaira,
    smartEarnerPrice: ZNaira,
    resellerPrice: ZNaira,
    apiPrice: ZNaira,
    partnerPrice: ZNaira.nullable(),
    isAvailable: z.boolean(),
  }),
});
export type TPlanPriceChange = z.infer<typeof ZPlanPriceChange>;

export const ZPlanHistoryResponse = z.object({ history: z.array(ZPlanPriceChange) });
export type TPlanHistoryResponse = z.infer<typeof ZPlanHistoryResponse>;

/**
 * POST /admin/updatePrice (admins and agents). `newPrice` holds at least one of the tier prices
 * (naira). When the plan is a 1 GB plan (volume ratio 1) the prices are per GB and every plan of
 * its network and type is rescaled by its own volume; otherwise only this plan changes.
 * `preview: true` answers the changes without applying them.
 */
export const ZUpdatePriceRequest = z.object({
  dataId: zRecordId('Choose a plan'),
  newPrice: z
    .object(
      {
        price: optionalPrice('price').describe('Smart earner price'),
        reseller: optionalPrice('reseller price'),
        api: optionalPrice('API price'),
      },
      { error: 'Please enter a valid value' },
    )
    .refine(
      (p) => p.price !== undefined || p.reseller !== undefined || p.api !== undefined,
      'Please enter a valid value',
    ),
  preview: z.boolean().optional(),
});
export type TUpdatePriceRequest = z.input<typeof ZUpdatePriceRequest>;

/** One plan's prices before and after a price update. */
export const ZPriceChange = z.object({
  _id: z.string(),
  plan: z.string(),
  planType: z.string(),
  plan_network: z.enum(NETWORKS),
  before: z.object({ price: ZNaira, reseller: ZNaira, api: ZNaira }),
  after: z.object({ price: ZNaira, reseller: ZNaira, api: ZNaira }),
});
export type TPriceChange = z.infer<typeof ZPriceChange>;

export const ZUpdatePriceResponse = ZMsgResponse.extend({
  applied: z.boolean().describe('false for a preview'),
  changes: z.array(ZPriceChange),
});
export type TUpdatePriceResponse = z.infer<typeof ZUpdatePriceResponse>;

/** POST /admin/costPrice (admins): a network's cost per GB, nonzero. */
export const ZCostPriceRequest = z.object({
  network: ZPlanNetwork,
  costPrice: z
    .union([z.number(), z.string()], { error: 'enter a valid price' })
    .refine(isValidNaira, 'enter a valid price')
    .transform(nairaToKobo)
    .refine((k) => k > 0, 'enter a valid price'),
});
export type TCostPriceRequest = z.input<typeof ZCostPriceRequest>;

export const ZCostPriceListResponse = z.array(
  z.object({ network: z.enum(NETWORKS), costPrice: ZNaira.describe('Per GB') }),
);
export type TCostPriceListResponse = z.infer<typeof ZCostPriceListResponse>;

/** POST /admin/notification (admins and agents): the message every user sees once. */
export const ZNotificationRequest = z.object({
  msg: z
    .string({ error: 'Enter a message' })
    .trim()
    .min(1, 'Enter a message')
    .max(1000, 'Keep the message under 1000 characters'),
});
export type TNotificationRequest = z.input<typeof ZNotificationRequest>;

/** GET /admin/notification (any signed-in user). */
export const ZNotificationResponse = z.object({
  msg: z.string().describe("The current message ('' when there is none)"),
  id: z.number().nullable(),
  seen: z.boolean().describe('This user has pressed OK on this message'),
});
export type TNotificationResponse = z.infer<typeof ZNotificationResponse>;

/** POST /admin/notification/seen: the user pressed OK on message `id`. */
export const ZNotificationSeenRequest = z.object({ id: z.number().int().positive() });
