import { z } from '../zod.ts';
import { ZUssdCode } from './catalogue.ts';
import { ZIsoDateTime, ZMsgResponse, ZNaira } from './common.ts';
import { ZTransaction, ZTransactionStatus } from './transaction.ts';
import { ZUser } from './user.ts';

/**
 * Staff answers under /admin. They are kept apart from the request schemas, which the client's
 * forms import at run time: the client imports these as types only, so they add nothing to its
 * bundle.
 */

/** GET /admin/users: 20 users a page, newest first, and the totals of the whole filter. */
export const ZUserListResponse = z.object({
  users: z.array(ZUser),
  totalUsers: z.number().int(),
  totalPages: z.number().int(),
  totalBalance: ZNaira.describe('Sum of the filtered users’ wallet balances'),
});
export type TUserListResponse = z.infer<typeof ZUserListResponse>;

/** GET /admin/supplier: the supplier of each network. */
export const ZSupplierListResponse = z.array(
  z.object({ network: z.string(), supplierName: z.string() }),
);
export type TSupplierListResponse = z.infer<typeof ZSupplierListResponse>;

export const ZService = z
  .object({
    id: z.string(),
    serviceName: z.string(),
    serviceStatus: z.boolean().describe('true: available; false: locked'),
    updatedAt: ZIsoDateTime,
  })
  .describe('A service (airtime, data, electricity) and whether it can be bought');
export type TService = z.infer<typeof ZService>;

/** GET /admin/checkServices. */
export const ZServiceListResponse = z.array(ZService);
export type TServiceListResponse = z.infer<typeof ZServiceListResponse>;

/** POST /admin/ussd: every code after the change. */
export const ZUssdCodesUpdatedResponse = ZMsgResponse.extend({ ussdCodes: z.array(ZUssdCode) });
export type TUssdCodesUpdatedResponse = z.infer<typeof ZUssdCodesUpdatedResponse>;

/** POST /admin/requery/:id: what the supplier said and the purchase's status now. */
export const ZRequeryPurchaseResponse = ZMsgResponse.extend({ status: ZTransactionStatus });
export type TRequeryPurchaseResponse = z.infer<typeof ZRequeryPurchaseResponse>;

/** A purchase still unsettled, in the admin queue. */
export const ZPendingPurchase = ZTransaction.extend({
  escalated: z.boolean().describe('Past its settle deadline: an admin should look'),
  attempts: z.number().int().describe('Re-queries so far'),
});
export type TPendingPurchase = z.infer<typeof ZPendingPurchase>;

/** GET /admin/pending: unsettled purchases, oldest first (at most 200). */
export const ZPendingPurchasesResponse = z.object({ transactions: z.array(ZPendingPurchase) });
export type TPendingPurchasesResponse = z.infer<typeof ZPendingPurchasesResponse>;

export const ZAlert = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    message: z.string(),
    transactionId: z.string().nullable(),
    createdAt: ZIsoDateTime,
    resolvedAt: ZIsoDateTime.nullable(),
  })
  .describe('Something an admin must act on (supplier float low, a purchase past its deadline …)');
export type TAlert = z.infer<typeof ZAlert>;

/** GET /admin/alerts: the latest alerts, newest first. */
export const ZAlertsResponse = z.object({ alerts: z.array(ZAlert) });
export type TAlertsResponse = z.infer<typeof ZAlertsResponse>;
