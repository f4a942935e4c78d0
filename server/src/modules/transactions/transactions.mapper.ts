import { DISCOS, type TTransactionStatus, type TTransactionType } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type { TTransaction, TTransactionDetails } from '@vendo/shared/schemas/transaction';
import type { transactions } from '../../db/schema/index.ts';
import { pinsFor } from '../bills/exam-pins.ts';

export type TransactionRow = typeof transactions.$inferSelect;

/** A reader of receipts: their user id and the server secrets (current, previous) PINs open with. */
export type PinViewer = { userId: string; secrets: readonly (string | undefined)[] };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

const naira = (kobo: unknown): number | undefined =>
  typeof kobo === 'number' && Number.isSafeInteger(kobo) && kobo >= 0
    ? koboToNaira(kobo)
    : undefined;

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/** PINs delivered in part (purchase-refunds.ts, settlePartialDelivery): how many, what went back. */
const partialDelivery = (details: Record<string, unknown>) => ({
  delivered: count(details.delivered),
  undeliveredRefund: naira(details.undeliveredKobo),
});

/**
 * The customer-safe part of a purchase's `details` jsonb. An allow-list per product: the column
 * also holds what only we should see (funding fees, bank codes, supplier plan ids), so nothing
 * passes unless it is named here. Other transaction types have no details on the wire.
 */
export const toPublicDetails = (
  type: string,
  details: Record<string, unknown> | null,
): TTransactionDetails | undefined => {
  if (!details) return undefined;
  let picked: TTransactionDetails;
  if (type === 'data') {
    picked = {
      plan: text(details.plan),
      planType: text(details.planType),
      validity: text(details.validity),
    };
  } else if (type === 'airtime') {
    picked = { faceValue: naira(details.faceValueKobo) };
  } else if (type === 'electricity') {
    picked = {
      meterNumber: text(details.meterNumber),
      meterType: text(details.meterType),
      disco: DISCOS.find((disco) => disco.id === details.discoId)?.name,
      customerName: text(details.customerName),
      faceValue: naira(details.amountKobo),
      token: text(details.token),
    };
  } else if (type === 'cable') {
    picked = {
      provider: text(details.provider),
      smartcardNumber: text(details.smartcardNumber),
      customerName: text(details.customerName),
      bouquet: text(details.bouquet),
      bouquetCode: text(details.bouquetCode),
      subscriptionType: text(details.subscriptionType),
      phoneNumber: text(details.phone),
    };
  } else if (type === 'exam') {
    picked = {
      product: text(details.product),
      quantity: count(details.quantity),
      profileId: text(details.profileId),
      customerName: text(details.customerName),
      phoneNumber: text(details.phone),
      ...partialDelivery(details),
    };
  } else if (type === 'epin') {
    picked = {
      quantity: count(details.quantity),
      cardValue: naira(details.cardValueKobo),
      ...partialDelivery(details),
    };
  } else {
    return undefined;
  }
  // Keys without a value are left out, so the wire only carries what is known.
  const present = Object.entries(picked).filter(([, value]) => value !== undefined);
  return present.length > 0 ? (Object.fromEntries(present) as TTransactionDetails) : undefined;
};

const SUPPLIER_MESSAGE_KEYS = ['api_response', 'message', 'msg', 'detail', 'responseMessage'];

/**
 * What a customer may read of a supplier's or provider's answer: its message for people, never
 * the raw body (which carries our float balance, order ids, HTML error pages). A JSON answer
 * gives its message field; an HTML page or an answer without a message gives nothing.
 */
export const customerApiResponse = (raw: string | null): string | null => {
  if (raw === null) return null;
  const text = raw.trim();
  if (text === '' || text.startsWith('<')) return null;
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const record = parsed as Record<string, unknown>;
        for (const key of SUPPLIER_MESSAGE_KEYS) {
          const value = record[key];
          if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 300);
        }
      }
    } catch {
      // Not JSON after all: a plain message that happens to start with a bracket.
      return text.slice(0, 300);
    }
    return null;
  }
  return text.slice(0, 300);
};

/**
 * Where an electricity purchase puts its meter and token for clients that read only
 * `trans_Network`, `phone_number` and `apiResponse` (as the system Vendo replaces did): the
 * meter in `trans_Network` ("electricity token for <meter>"), the token in `phone_number` once
 * delivered. The company, the buyer's phone and the token stay in `details`.
 */
const electricityFields = (
  row: TransactionRow,
  details: TTransactionDetails | undefined,
): { trans_Network: string; phone_number: string | null } => {
  const meter = details?.meterNumber;
  return {
    trans_Network: meter ? `electricity token for ${meter}` : row.network,
    phone_number: details?.token ?? null,
  };
};

/**
 * What a cable or exam receipt shows as `trans_Network`: "DStv Compact for 1212121212",
 * "WAEC result checker PIN × 2". The column itself keeps the provider or the product, so the
 * history totals stay a few rows a day.
 */
const billsDescription = (
  row: TransactionRow,
  details: TTransactionDetails | undefined,
): string | undefined => {
  if (row.type === 'cable' && details?.bouquet && details.smartcardNumber) {
    return `${details.bouquet} for ${details.smartcardNumber}`;
  }
  if (row.type === 'exam' && details?.quantity !== undefined) {
    return details.quantity > 1 ? `${row.network} × ${details.quantity}` : row.network;
  }
  return undefined;
};

/**
 * A transaction on the wire; profit and the supplier's raw answer only for staff (admin or
 * agent): a customer reads the answer's message alone.
 */
export const toPublicTransaction = (
  row: TransactionRow & { userName: string },
  {
    withProfit,
    viewer,
  }: {
    withProfit: boolean;
    /**
     * Who reads it, with the server secrets that open sealed PINs (exam, e-PINs): the owner gets
     * them in full, anyone else (and every caller that names no viewer) masked.
     */
    viewer?: PinViewer;
  },
): TTransaction => {
  const details = toPublicDetails(row.type, row.details);
  const electricity = row.type === 'electricity';
  const pins =
    row.type === 'exam' || row.type === 'epin'
      ? pinsFor(row.details, {
          owner: viewer?.userId === row.userId,
          secrets: viewer?.secrets ?? [],
        })
      : undefined;
  const shown = electricity
    ? electricityFields(row, details)
    : {
        trans_Network: billsDescription(row, details) ?? row.network,
        phone_number: row.phoneNumber,
      };
  const allDetails =
    electricity && details && row.phoneNumber
      ? { ...details, phoneNumber: row.phoneNumber }
      : details;
  return {
    _id: row.id,
    trans_Id: row.reference,
    trans_Type: row.type as TTransactionType,
    trans_Network: shown.trans_Network,
    trans_Status: row.status as TTransactionStatus,
    trans_amount: koboToNaira(row.amountKobo),
    ...(withProfit ? { trans_profit: koboToNaira(row.profitKobo, { allowNegative: true }) } : {}),
    trans_UserName: row.userName,
    phone_number: shown.phone_number,
    balance_Before: koboToNaira(row.balanceBeforeKobo),
    balance_After: koboToNaira(row.balanceAfterKobo),
    paymentLink: row.paymentLink,
    apiResponse: withProfit ? row.apiResponse : customerApiResponse(row.apiResponse),
    apiResponseId: row.apiResponseId,
    createdAt: row.createdAt.toISOString(),
    ...(allDetails ? { details: allDetails } : {}),
    ...(row.requestId ? { request_id: row.requestId } : {}),
    ...(pins ? { pins } : {}),
  };
};
