import { z } from '../zod.ts';
import { ZIsoDateTime, ZNaira } from './common.ts';
import { ZCableProvider, ZExamProduct } from './bills.ts';

/** Cable TV and exam PIN answers; purchases answer ZPurchaseResponse (purchase.responses.ts). */

export const ZCablePlan = z.object({
  code: z.string().describe('The bouquet code to send as planCode'),
  name: z.string(),
  amount: ZNaira.describe("The caller's tier price"),
  provider: ZCableProvider,
});
export const ZCablePlansResponse = z.object({ plans: z.array(ZCablePlan) });
export type TCablePlansResponse = z.infer<typeof ZCablePlansResponse>;

export const ZCableVerifyResponse = z.object({
  customerName: z.string(),
  currentBouquet: z.string().nullable(),
  currentBouquetCode: z.string().nullable(),
  dueDate: z.string().nullable().describe('YYYY-MM-DD, when the provider states it'),
  renewalAmount: ZNaira.nullable().describe(
    "What renewing the current bouquet costs at the caller's tier; null when it cannot be renewed (choose a bouquet)",
  ),
  quoteId: z.string().describe('Send with a renewal within 15 minutes'),
  expiresAt: ZIsoDateTime,
});
export type TCableVerifyResponse = z.infer<typeof ZCableVerifyResponse>;

export const ZExamProductItem = z.object({
  code: ZExamProduct,
  name: z.string(),
  amount: ZNaira.describe("The caller's tier price per PIN"),
  needsProfile: z.boolean().describe('JAMB: verify the candidate profile first'),
});
export const ZExamProductsResponse = z.object({ products: z.array(ZExamProductItem) });
export type TExamProductsResponse = z.infer<typeof ZExamProductsResponse>;

export const ZExamVerifyResponse = z.object({
  candidateName: z.string(),
  quoteId: z.string(),
  expiresAt: ZIsoDateTime,
});
export type TExamVerifyResponse = z.infer<typeof ZExamVerifyResponse>;
