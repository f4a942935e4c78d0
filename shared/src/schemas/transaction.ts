import { z } from '../zod.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../constants.ts';
import { ZIsoDateTime, ZNaira } from './common.ts';

/**
 * A transaction on the wire (spec §3 Transaction), as server/src/modules/transactions/
 * transactions.mapper.ts builds it.
 */

export const ZTransactionType = z.enum(TRANSACTION_TYPES);
export const ZTransactionStatus = z.enum(TRANSACTION_STATUSES);

/**
 * What was bought, as the customer may see it (a purchase receipt). Built from an allow-list on
 * the server: never a cost, a supplier or its ids. Every field is optional (older rows, other
 * products); keys without a value are left out.
 */
export const ZTransactionDetails = z
  .object({
    plan: z.string().optional().describe("Data: the plan's volume, e.g. '1GB'"),
    planType: z.string().optional().describe("Data: the plan's type, e.g. 'SME'"),
    validity: z.string().optional().describe("Data: e.g. '30 days'"),
    faceValue: ZNaira.optional().describe(
      'Naira delivered: airtime sent to the phone, or electricity bought (trans_amount is what the wallet was charged)',
    ),
    meterNumber: z.string().optional(),
    meterType: z.string().optional().describe("'prepaid' or 'postpaid'"),
    disco: z.string().optional().describe('Electricity company'),
    customerName: z.string().optional().describe("The meter owner's name, as validated"),
    token: z.string().optional().describe('Electricity: the token, once delivered'),
  })
  .describe('What a purchase bought (data, airtime, electricity only)');
export type TTransactionDetails = z.infer<typeof ZTransactionDetails>;

export const ZTransaction = z
  .object({
    _id: z.string(),
    trans_Id: z.string().describe('Reference shown to people'),
    trans_Type: ZTransactionType,
    trans_Network: z.string().describe('Network, disco or a short description (transfers …)'),
    trans_Status: ZTransactionStatus,
    trans_amount: ZNaira.describe('What the wallet was charged or credited, naira'),
    trans_profit: ZNaira.optional().describe('Staff (admin or agent) only; may be negative'),
    trans_UserName: z.string(),
    phone_number: z.string().nullable(),
    balance_Before: ZNaira,
    balance_After: ZNaira,
    paymentLink: z.string().nullable(),
    apiResponse: z.string().nullable(),
    apiResponseId: z.string().nullable(),
    createdAt: ZIsoDateTime,
    details: ZTransactionDetails.optional(),
  })
  .describe('A transaction (a purchase, funding, transfer, withdrawal, refund …)');
export type TTransaction = z.infer<typeof ZTransaction>;

/** GET /transaction/:id. */
export const ZTransactionResponse = z.object({ transaction: ZTransaction });
export type TTransactionResponse = z.infer<typeof ZTransactionResponse>;
