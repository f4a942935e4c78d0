import { z } from '../zod.ts';
import { BILLS_KINDS, BILLS_SERVICES, BILLS_SUPPLIERS } from '../constants.ts';
import { isValidNaira, nairaToKobo } from '../money.ts';
import { ZMsgResponse, ZNaira, zRecordId } from './common.ts';

/**
 * The bills catalogue back office (docs/product-rules.md#bills-catalogue): bouquets and exam PIN
 * kinds with their cost and tier prices, each provider's or exam body's lock and supplier.
 * Amounts are naira on the wire, kobo inside the server.
 */

const SELECT_SERVICE = 'Choose a provider or exam body';

export const ZBillsService = z.enum(BILLS_SERVICES, { error: SELECT_SERVICE });

/** A naira price field: a number (or numeric string) with at most two decimals, as kobo. */
const price = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `Enter the ${label}` })
    .refine(isValidNaira, `Enter a valid ${label}`)
    .transform(nairaToKobo);

const name = z
  .string({ error: 'Enter the name' })
  .trim()
  .min(1, 'Enter the name')
  .max(80, 'Keep the name under 80 characters')
  .describe("What buyers see, e.g. 'DStv Compact'");

/** A code as buyers send it and as the supplier names it: letters, digits, '-' and '_'. */
const code = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, `Enter the ${label}: letters, digits, - or _`);

const availability = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** GET /admin/bills?service=: one service, or every one when absent. */
export const ZBillsListQuery = z.object({ service: ZBillsService.optional() });

/** POST /admin/bills/products (admins): a new bouquet of a cable provider. */
export const ZBillsProductRequest = z.object({
  serviceId: ZBillsService,
  code: code('bouquet code').describe('What buyers send as planCode'),
  name,
  supplierCode: code('supplier code')
    .optional()
    .describe("The supplier's variation_code; the bouquet code when absent"),
  costPrice: price('cost price').describe('What the supplier charges us'),
  smartEarnerPrice: price('smart earner price'),
  resellerPrice: price('reseller price'),
  apiPrice: price('API price'),
  isAvailable: availability.optional().describe('Shown to buyers (default true)'),
});
export type TBillsProductRequest = z.input<typeof ZBillsProductRequest>;

/** PATCH /admin/bills/products/{id} (admins): only the fields that change. */
export const ZBillsProductUpdateRequest = z
  .object({
    name: name.optional(),
    supplierCode: code('supplier code').optional(),
    costPrice: price('cost price').optional(),
    smartEarnerPrice: price('smart earner price').optional(),
    resellerPrice: price('reseller price').optional(),
    apiPrice: price('API price').optional(),
    isAvailable: availability.optional().describe('false hides it from buyers'),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type TBillsProductUpdateRequest = z.input<typeof ZBillsProductUpdateRequest>;

/** POST /admin/bills/products/{id}/price (admins and agents): one or more tier prices. */
export const ZBillsPriceRequest = z
  .object({
    smartEarnerPrice: price('smart earner price').optional(),
    resellerPrice: price('reseller price').optional(),
    apiPrice: price('API price').optional(),
  })
  .refine(
    (p) =>
      p.smartEarnerPrice !== undefined || p.resellerPrice !== undefined || p.apiPrice !== undefined,
    'Please enter a valid value',
  );
export type TBillsPriceRequest = z.input<typeof ZBillsPriceRequest>;

/** A bouquet or PIN kind's id in a path. */
export const ZBillsProductIdParams = z.object({ id: zRecordId('That product does not exist') });

/** POST /admin/bills/serviceStatus (admins): lock (false) or open (true) one service. */
export const ZBillsServiceStatusRequest = z.object({
  serviceId: ZBillsService,
  isOpen: z.boolean({ error: 'Choose whether it sells (true) or is locked (false)' }),
});
export type TBillsServiceStatusRequest = z.input<typeof ZBillsServiceStatusRequest>;

/** POST /admin/bills/supplier (admins): which supplier serves one service. */
export const ZBillsSupplierRequest = z.object({
  serviceId: ZBillsService,
  supplierName: z.enum(BILLS_SUPPLIERS, {
    error: `Choose a supplier: ${BILLS_SUPPLIERS.join(', ')}`,
  }),
});
export type TBillsSupplierRequest = z.input<typeof ZBillsSupplierRequest>;

/** A bouquet or PIN kind as the back office shows it, with its margin per tier. */
export const ZManagedBillsProduct = z.object({
  _id: z.string(),
  serviceId: ZBillsService,
  code: z.string().describe('What buyers send (planCode, product)'),
  name: z.string(),
  supplierCode: z.string().describe("The supplier's variation_code"),
  costPrice: ZNaira,
  smartEarnerPrice: ZNaira,
  resellerPrice: ZNaira,
  apiPrice: ZNaira,
  isAvailable: z.boolean(),
  margins: z
    .object({ smartEarner: ZNaira, reseller: ZNaira, api: ZNaira })
    .describe('Price minus cost per tier'),
});
export type TManagedBillsProduct = z.infer<typeof ZManagedBillsProduct>;

/** One provider or exam body with its lock, supplier and products. */
export const ZManagedBillsService = z.object({
  serviceId: ZBillsService,
  name: z.string(),
  kind: z.enum(BILLS_KINDS),
  isOpen: z.boolean().describe('false: locked, nothing of it can be bought'),
  supplierName: z.string(),
  products: z.array(ZManagedBillsProduct),
});
export type TManagedBillsService = z.infer<typeof ZManagedBillsService>;

export const ZBillsCatalogueResponse = z.object({
  services: z.array(ZManagedBillsService),
  suppliers: z.array(z.string()).describe('The suppliers a service may be given'),
});
export type TBillsCatalogueResponse = z.infer<typeof ZBillsCatalogueResponse>;

export const ZBillsProductSavedResponse = ZMsgResponse.extend({ product: ZManagedBillsProduct });
export type TBillsProductSavedResponse = z.infer<typeof ZBillsProductSavedResponse>;

/** GET /bills/services (anyone): which providers and exam bodies sell now. */
export const ZBillsServiceStatusResponse = z.object({
  services: z.array(
    z.object({
      serviceId: ZBillsService,
      name: z.string(),
      kind: z.enum(BILLS_KINDS),
      isOpen: z.boolean().describe('false: paused by the back office'),
    }),
  ),
});
export type TBillsServiceStatusResponse = z.infer<typeof ZBillsServiceStatusResponse>;
