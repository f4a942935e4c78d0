import { z } from '../zod.ts';
import { NETWORKS, SERVICE_NAMES, SUPPLIERS, USER_TYPES } from '../constants.ts';
import { isValidNaira, nairaToKobo } from '../money.ts';
import { zRecordId } from './common.ts';

/**
 * Staff requests under /admin (admins; agents where the route says so). Answers:
 * admin.responses.ts.
 */

/** GET /admin/users query (admins and agents): partial, case-insensitive filters and a page. */
export const ZUserListQuery = z.object({
  phoneNumber: z.string().trim().max(20).optional(),
  userName: z.string().trim().max(60).optional(),
  type: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['', 'all', ...USER_TYPES], { error: 'Unknown user type' }))
    .optional()
    .describe("A user type, or 'all'"),
  search: z
    .string()
    .trim()
    .max(100, 'Keep the search under 100 characters')
    .optional()
    .describe(
      'One box: part of the username, e-mail, phone number or full name (any case); combines with the other filters',
    ),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type TUserListQuery = z.input<typeof ZUserListQuery>;

/** GET /admin/users.csv (admins and agents): the same filters as the list, every page. */
export const ZUserCsvQuery = ZUserListQuery.omit({ page: true });
export type TUserCsvQuery = z.input<typeof ZUserCsvQuery>;

/** GET /admin/salesChart?days= (admins): the last `days` Lagos days, today included. */
export const ZSalesChartQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be a whole number from 1 to 90' })
    .int('Days must be a whole number from 1 to 90')
    .min(1, 'Days must be a whole number from 1 to 90')
    .max(90, 'Days must be a whole number from 1 to 90')
    .optional()
    .describe('1 to 90, default 30'),
});
export type TSalesChartQuery = z.input<typeof ZSalesChartQuery>;

/** GET /admin/alerts (admins and agents): `open=true` lists only unacknowledged alerts. */
export const ZAlertsQuery = z.object({
  open: z
    .enum(['true', 'false'], { error: 'Open must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
export type TAlertsQuery = z.input<typeof ZAlertsQuery>;

/** POST /admin/alerts/{id}/acknowledge (admins). */
export const ZAlertIdParams = z.object({
  id: z.coerce
    .number({ error: 'That alert does not exist' })
    .int('That alert does not exist')
    .min(1, 'That alert does not exist')
    .max(2_147_483_647, 'That alert does not exist'),
});

/** POST /admin/supplier: which supplier serves a network. */
/**
 * POST /admin/supplier: `supplierName` alone, one supplier for the network (its lists cleared);
 * `suppliers`, an ordered list a purchase fails over along (docs/product-rules.md
 * #supplier-failover), for every product or only `product`'s.
 */
export const ZSupplierRequest = z
  .object({
    network: z.enum(NETWORKS, { error: 'Please select a network' }),
    supplierName: z.enum(SUPPLIERS, { error: 'Select a supplier' }).optional(),
    suppliers: z
      .array(z.enum(SUPPLIERS, { error: 'Select a supplier' }), {
        error: 'List the suppliers in order',
      })
      .min(1, 'Choose at least one supplier')
      .refine((list) => new Set(list).size === list.length, 'Name each supplier once')
      .optional(),
    product: z
      .enum(['data', 'airtime'], { error: "Choose a product: 'data' or 'airtime'" })
      .optional(),
  })
  .refine((body) => body.supplierName !== undefined || body.suppliers !== undefined, {
    message: 'Select a supplier',
    path: ['supplierName'],
  })
  .refine(
    (body) =>
      body.supplierName === undefined ||
      body.suppliers === undefined ||
      body.suppliers[0] === body.supplierName,
    { message: 'supplierName must be the first of suppliers', path: ['suppliers'] },
  );
export type TSupplierRequest = z.input<typeof ZSupplierRequest>;

/** The products a supplier's health is measured for (docs/product-rules.md#supplier-health). */
export const BREAKER_PRODUCTS = ['data', 'airtime'] as const;
export type TBreakerProduct = (typeof BREAKER_PRODUCTS)[number];

/**
 * POST /admin/supplier/health (admins): force a supplier's breaker for one product open (its
 * purchases skip it) or closed (it takes them whatever it measures), or lift the force (`null`)
 * so the measure decides again (docs/product-rules.md#supplier-health).
 */
export const ZSupplierHealthRequest = z.object({
  supplier: z.enum(SUPPLIERS, { error: 'Select a supplier' }).describe('ALARO or GLAD'),
  product: z
    .enum(BREAKER_PRODUCTS, { error: "Choose a product: 'data' or 'airtime'" })
    .describe("'data' or 'airtime'"),
  force: z
    .enum(['open', 'closed'], {
      error: "Choose what to force: 'open', 'closed', or null to lift the force",
    })
    .nullable()
    .describe("'open': skipped; 'closed': takes purchases; null: the measure decides again"),
});
export type TSupplierHealthRequest = z.input<typeof ZSupplierHealthRequest>;

/** POST /admin/updateServices: lock (false) or unlock (true) a service. */
/** What one network's lock covers; electricity is locked as a whole service only. */
export const NETWORK_SERVICE_TYPES = ['airtime', 'data'] as const;
export type TNetworkServiceType = (typeof NETWORK_SERVICE_TYPES)[number];

/**
 * POST /admin/updateServices: a whole service (`airtime`, `data`, `electricity`) or one network's
 * data or airtime (`{serviceName: 'MTN', serviceType: 'data'}`); `serviceStatus` is true or
 * `enable` (may be bought), false or `disable` (locked).
 */
export const ZServiceStatusRequest = z
  .object({
    serviceName: z
      .string({ error: 'Unknown service' })
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(['AIRTIME', 'DATA', 'ELECTRICITY', ...NETWORKS], { error: 'Unknown service' }))
      .describe('airtime, data, electricity, or a network: MTN, GLO, AIRTEL, 9MOBILE'),
    serviceType: z
      .string()
      .trim()
      .transform((v) => v.toLowerCase())
      .pipe(
        z.enum(['', ...NETWORK_SERVICE_TYPES], { error: 'The service type is airtime or data' }),
      )
      .optional()
      .describe("With a network: 'airtime' or 'data'"),
    serviceStatus: z.union(
      [z.boolean(), z.enum(['enable', 'disable']).transform((v) => v === 'enable')],
      { error: 'The service status is true or false, or enable or disable' },
    ),
  })
  .transform((body, ctx) => {
    const service = SERVICE_NAMES.find((name) => name.toUpperCase() === body.serviceName);
    if (service) return { serviceName: service, serviceStatus: body.serviceStatus };
    const serviceType = body.serviceType || undefined;
    if (!serviceType) {
      ctx.addIssue({
        code: 'custom',
        path: ['serviceType'],
        message: 'Choose the service type of the network: airtime or data',
      });
      return z.NEVER;
    }
    return {
      serviceName: body.serviceName as (typeof NETWORKS)[number],
      serviceType: serviceType as TNetworkServiceType,
      serviceStatus: body.serviceStatus,
    };
  });
export type TServiceStatusRequest = z.input<typeof ZServiceStatusRequest>;

/** POST /admin/ussd: a new balance-check code, or a change to one (with its id). */
export const ZUssdCodeRequest = z.object({
  id: z
    .number()
    .int('That USSD code does not exist')
    .min(1, 'That USSD code does not exist')
    .max(2_147_483_647, 'That USSD code does not exist')
    .optional(),
  category: z.enum(['data', 'airtime'], { error: 'Choose data or airtime' }),
  label: z.string().trim().min(1, 'All fields are required').max(40),
  code: z
    .string()
    .trim()
    .regex(/^[*#0-9]{3,30}$/, 'Enter a valid USSD code'),
});
export type TUssdCodeRequest = z.input<typeof ZUssdCodeRequest>;

/** POST /admin/sandbox/float (sandbox only): tops up a simulated supplier's float. */
export const ZSandboxFloatRequest = z.object({
  supplier: z.enum(SUPPLIERS, { error: 'Select a supplier' }),
  amount: z
    .union([z.number(), z.string()])
    .refine(isValidNaira, 'Enter a valid amount')
    .transform(nairaToKobo)
    .refine((k) => k > 0, 'Enter a valid amount'),
});
export type TSandboxFloatRequest = z.input<typeof ZSandboxFloatRequest>;

/** POST /admin/sandbox/suppliers/{name}/outage (sandbox only). */
export const ZSandboxOutageParams = z.object({
  name: z.enum(SUPPLIERS, { error: 'Select a supplier' }).describe('ALARO or GLAD'),
});
export const ZSandboxOutageRequest = z.object({
  on: z.boolean({ error: 'Say whether the outage is on (true) or off (false)' }),
});
export type TSandboxOutageRequest = z.input<typeof ZSandboxOutageRequest>;

/** POST /admin/refund/{id}: a reason is required to refund a delivered purchase (admins only). */
export const ZRefundRequest = z.object({
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters').optional(),
});
export type TRefundRequest = z.input<typeof ZRefundRequest>;

/** GET /admin/upgradeUser/{userId}/{userType} (admins): a change of tier, no charge. */
export const ZUpgradeUserParams = z.object({
  userId: zRecordId('That user does not exist'),
  userType: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase().replace(/[_-]+/g, ' '))
    .pipe(z.enum(USER_TYPES, { error: 'Unknown user type' })),
});

/** POST /admin/resetUserPassword (admins): mails the user a reset link, revokes their sessions. */
export const ZResetUserPasswordRequest = z.object({
  userId: zRecordId('Choose a user'),
});
export type TResetUserPasswordRequest = z.input<typeof ZResetUserPasswordRequest>;

/** POST /admin/roles (admins): give or take the agent or coupon vendor role. */
export const ZRoleRequest = z.object({
  userId: zRecordId('Choose a user'),
  role: z.enum(['agent', 'coupon vendor'], { error: "Choose 'agent' or 'coupon vendor'" }),
  enabled: z.boolean({ error: 'Choose whether the role is on or off (true or false)' }),
});
export type TRoleRequest = z.input<typeof ZRoleRequest>;

const ZDateFilter = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Dates are written YYYY-MM-DD')
  .optional();

/** GET /admin/audit (admins): filters and a page. */
export const ZAuditQuery = z.object({
  actor: z.string().trim().max(60).optional().describe('Username of the staff member'),
  action: z.string().trim().max(60).optional().describe("e.g. 'plan.price', 'user.upgrade'"),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(80).optional(),
  from: ZDateFilter,
  to: ZDateFilter,
  page: z.coerce.number().int().min(1, 'Pages start at 1').max(100_000).optional(),
});
export type TAuditQuery = z.input<typeof ZAuditQuery>;

/**
 * POST /admin/sendMail (admins): a blank `userAccount` mails every user (in the background, with
 * progress); a username mails that user at once. `url` must be http(s).
 */
export const ZSendMailRequest = z.object({
  subject: z
    .string({ error: 'All fields are required' })
    .trim()
    .min(1, 'All fields are required')
    .max(200),
  message: z
    .string({ error: 'All fields are required' })
    .trim()
    .min(1, 'All fields are required')
    .max(10_000, 'Keep the message under 10,000 characters'),
  url: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
      'The link must start with http:// or https://',
    )
    .optional(),
  linkMessage: z.string().trim().max(100).optional(),
  userAccount: z.string().trim().max(60).optional().describe('A username; blank for every user'),
});
export type TSendMailRequest = z.input<typeof ZSendMailRequest>;

/** POST /admin/reconcileSuppliers (admins): a Lagos day, today when absent. */
export const ZReconcileSuppliersRequest = z.object({
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Dates are written YYYY-MM-DD')
    .optional(),
});
export type TReconcileSuppliersRequest = z.input<typeof ZReconcileSuppliersRequest>;
