import { z } from '../zod.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../constants.ts';
import { ZIsoDateTime, ZNaira } from './common.ts';

/**
 * A transaction on the wire, as server/src/modules/transactions/
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
    phoneNumber: z
      .string()
      .optional()
      .describe(
        "Electricity: the buyer's phone (phone_number carries the token); cable and exam: the phone given",
      ),
    provider: z.string().optional().describe("Cable: 'dstv', 'gotv', 'startimes' or 'showmax'"),
    smartcardNumber: z.string().optional().describe('Cable: smartcard / IUC (Showmax: phone)'),
    bouquet: z.string().optional().describe('Cable: the bouquet paid for'),
    bouquetCode: z.string().optional(),
    subscriptionType: z.string().optional().describe("Cable: 'renew' or 'change'"),
    product: z.string().optional().describe("Exam: 'waec', 'neco', 'jamb-utme' …"),
    quantity: z.number().int().optional().describe('Exam and e-PINs: PINs ordered'),
    cardValue: ZNaira.optional().describe('e-PINs: the face value of one card'),
    delivered: z
      .number()
      .int()
      .optional()
      .describe('e-PINs: cards delivered, when the supplier delivered fewer than ordered'),
    undeliveredRefund: ZNaira.optional().describe(
      'e-PINs: what went back to the wallet for cards not delivered (trans_amount is for the cards delivered)',
    ),
    profileId: z.string().optional().describe("JAMB: the candidate's profile code"),
  })
  .describe('What a purchase bought');
export type TTransactionDetails = z.infer<typeof ZTransactionDetails>;

export const ZTransaction = z
  .object({
    _id: z.string(),
    trans_Id: z.string().describe('Reference shown to people'),
    trans_Type: ZTransactionType,
    trans_Network: z
      .string()
      .describe(
        "Network or a short description (transfers …); electricity: 'electricity token for <meter>' (the company is details.disco)",
      ),
    trans_Status: ZTransactionStatus,
    trans_amount: ZNaira.describe('What the wallet was charged or credited, naira'),
    trans_profit: ZNaira.optional().describe('Staff (admin or agent) only; may be negative'),
    trans_UserName: z.string(),
    phone_number: z
      .string()
      .nullable()
      .describe(
        "The phone served; electricity: the token once delivered (the buyer's phone is details.phoneNumber)",
      ),
    balance_Before: ZNaira,
    balance_After: ZNaira,
    paymentLink: z.string().nullable(),
    apiResponse: z.string().nullable(),
    apiResponseId: z.string().nullable(),
    createdAt: ZIsoDateTime,
    details: ZTransactionDetails.optional(),
    request_id: z
      .string()
      .optional()
      .describe('The request_id or Idempotency-Key the purchase was made with, if any'),
    pins: z
      .array(z.object({ pin: z.string(), serial: z.string().nullable() }))
      .optional()
      .describe(
        "Exam and e-PINs: the PINs once delivered, in full to their owner only; staff see them masked ('••••••1234')",
      ),
  })
  .describe('A transaction (a purchase, funding, transfer, withdrawal, refund …)');
export type TTransaction = z.infer<typeof ZTransaction>;

/** GET /transaction/:id. */
export const ZTransactionResponse = z.object({ transaction: ZTransaction });
export type TTransactionResponse = z.infer<typeof ZTransactionResponse>;

/** Rows per page of GET /transaction (stated in every answer as `pageSize`). */
export const TRANSACTION_PAGE_SIZE = 20;

/** An empty query value (`?type=`) means "not filtered", like leaving the field out. */
const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A calendar day as a date input gives it; must exist (no 2026-02-30). */
const ZDay = z
  .string({ error: 'Dates are written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Enter a real date')
  .describe('A day in Lagos time (WAT, UTC+1), YYYY-MM-DD; both ends of a range are included');

export const ZTransactionTypeFilter = z.enum(['all', ...TRANSACTION_TYPES], {
  error: `Unknown transaction type: choose one of all, ${TRANSACTION_TYPES.join(', ')}`,
});
export const ZTransactionStatusFilter = z.enum(['all', ...TRANSACTION_STATUSES], {
  error: `Unknown status: choose one of all, ${TRANSACTION_STATUSES.join(', ')}`,
});

/**
 * GET /transaction and GET /transaction/statement.csv: the filters (docs/product-rules.md#history).
 * Every field is optional; an unknown type or status or a malformed date is a 400, never silently
 * ignored. `userName` filters only for admins and agents: a customer always gets their own rows.
 */
export const ZTransactionListQuery = z
  .object({
    phoneNumber: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Enter a valid phone number' })
        .trim()
        .regex(/^\+?\d{3,15}$/, 'Enter a valid phone number')
        .optional(),
    ),
    userName: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Enter a valid user name' })
        .trim()
        .max(60, 'Enter a valid user name')
        .optional(),
    ),
    type: z.preprocess(blankToUndefined, ZTransactionTypeFilter.optional()),
    status: z.preprocess(blankToUndefined, ZTransactionStatusFilter.optional()),
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Page must be a whole number from 1' })
        .int('Page must be a whole number from 1')
        .min(1, 'Page must be a whole number from 1')
        .max(1_000_000, 'Page must be a whole number from 1')
        .optional(),
    ),
    from: z.preprocess(blankToUndefined, ZDay.optional()),
    to: z.preprocess(blankToUndefined, ZDay.optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type TTransactionListQuery = z.input<typeof ZTransactionListQuery>;
export type TTransactionListFilter = z.output<typeof ZTransactionListQuery>;

export const ZNetworkStat = z
  .object({
    network: z.string(),
    total_volume_sold: z
      .number()
      .describe('Data sold on this network (successful data purchases), in GB (1 GB = 1000 MB)'),
    profit: ZNaira.describe('Profit of those sales; 0 for customers'),
  })
  .describe('One network’s data sales within the filter');

/**
 * GET /transaction (docs/product-rules.md#history). Every total is a number (never null or
 * missing) and covers every row the filters match, not just the page. Definitions are in
 * docs/decisions/0015-history-totals.md.
 */
export const ZTransactionListResponse = z.object({
  transactions: z.array(ZTransaction).describe('This page, newest first'),
  page: z.number().int(),
  pageSize: z.number().int().describe('Rows per page'),
  totalPages: z.number().int(),
  noOfTransaction: z.number().int().describe('Rows matching the filters'),
  totalSales: ZNaira.describe('Charged for successful purchases (data, airtime, electricity)'),
  totalProfit: ZNaira.describe('Profit on those purchases; 0 for customers'),
  totalVolumeSold: z.number().describe('Data sold (successful data purchases), GB'),
  stat: z.array(ZNetworkStat).describe('Per network (MTN, GLO, AIRTEL, 9MOBILE), always all four'),
  totalDebit: ZNaira.describe('Money the matching rows took out of wallets'),
  totalCredit: ZNaira.describe('Money the matching rows put into wallets'),
});
export type TTransactionListResponse = z.infer<typeof ZTransactionListResponse>;
export type TNetworkStat = z.infer<typeof ZNetworkStat>;
