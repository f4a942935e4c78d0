import { createHash } from 'node:crypto';
import type { TSupplier } from '@vendo/shared/constants';
import type { SandboxBooks } from './sandbox-books.ts';
import type { SandboxOrder, SandboxOrderKind, SandboxOrderStatus } from './sandbox-store.ts';

/**
 * What a sandbox supplier does with an order, chosen by the last four digits of the phone number
 * (data, airtime) or of the meter number (electricity: the phone is optional and the same for
 * all of a customer's purchases, the meter is what the order is about):
 *   0000 definite failure · 1111 processing, re-query successful · 2222 processing, re-query failed
 *   3333 successful but answered after slowMs · 4444 successful but answered HTTP 500 (HTML)
 *   5555 successful, but every answer names another number and ten times the amount (a supplier
 *        answering about another order)
 *   6666 successful; the next re-query says reversed (the float comes back), the one after refunded
 *   7777 delivered, but the order is answered HTTP 400 "Request ID exists"; re-query successful
 *   8888 successful, but the supplier takes twice its price from the float
 *   anything else: successful at once.
 */
export type SandboxTrigger =
  | 'fail'
  | 'processingThenSuccess'
  | 'processingThenFail'
  | 'slow'
  | 'error500'
  | 'otherOrder'
  | 'reversed'
  | 'requestIdExists'
  | 'overcharge'
  | 'success';

const TRIGGERS: Record<string, SandboxTrigger> = {
  '0000': 'fail',
  '1111': 'processingThenSuccess',
  '2222': 'processingThenFail',
  '3333': 'slow',
  '4444': 'error500',
  '5555': 'otherOrder',
  '6666': 'reversed',
  '7777': 'requestIdExists',
  '8888': 'overcharge',
};

/** The number endings that trigger something other than plain success. */
export const SANDBOX_TRIGGER_ENDINGS: readonly string[] = Object.keys(TRIGGERS);

export const triggerOf = (number: string): SandboxTrigger =>
  TRIGGERS[number.slice(-4)] ?? 'success';

/** What the routes send: JSON or an HTML error page, possibly after a delay. */
export type SandboxReply =
  | { status: number; json: unknown; delayMs?: number }
  | { status: number; html: string; delayMs?: number };

export const INSUFFICIENT_FLOAT_TEXT =
  'Dear Customer, your balance is insufficient to complete this transaction. Kindly fund your wallet and try again.';
export const REQUEST_ID_EXISTS_TEXT = 'Request ID exists';
const DJANGO_500 =
  '<!doctype html><html lang="en"><head><title>Server Error (500)</title></head><body><h1>Server Error (500)</h1><p></p></body></html>';

const triggerNumberOf = (kind: SandboxOrderKind, request: Record<string, unknown>): string =>
  String((kind === 'electricity' ? request.meter_number : request.mobile_number) ?? '');

/** Naira with two decimals, as these APIs print money ("1500.50"), by integer arithmetic. */
const naira = (kobo: number) => `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;

/** The amount asked for (airtime face value, token value) as stored in naira, in kobo. */
const askedKobo = (order: SandboxOrder): number => Math.round(Number(order.request.amount) * 100);

/** Another number, the same trigger: the fifth digit from the end changed. */
const otherNumber = (number: string): string =>
  `${number.slice(0, -5)}${number.at(-5) === '9' ? '8' : '9'}${number.slice(-4)}`;

const apiResponse = (order: SandboxOrder, number: string, amountKobo: number): string => {
  const r = order.request;
  const trigger = triggerOf(number);
  switch (order.status) {
    case 'processing':
      return 'Your transaction is processing. Please check back shortly.';
    case 'failed':
      return trigger === 'processingThenFail'
        ? 'Transaction failed and your wallet has been refunded.'
        : `Transaction failed: the network did not accept ${number}.`;
    case 'reversed':
      return `Transaction reversed: the network did not deliver to ${number}; your wallet has been credited.`;
    case 'refunded':
      return `Transaction refunded to your wallet.`;
  }
  switch (order.kind) {
    case 'data':
      return `Dear Customer, you have successfully gifted ${String(r.plan_name)} to ${number}.`;
    case 'airtime':
      return `Dear Customer, you have successfully topped up NGN ${naira(amountKobo)} airtime on ${number}.`;
    default:
      return `Payment of NGN ${naira(amountKobo)} for meter ${number} was successful.`;
  }
};

/**
 * The Husmodata-style transaction body, for the purchase answer and for re-query: the order as
 * stored, with the float before and after it took its amount. Trigger 5555 names another number
 * and ten times the amounts.
 */
export const orderBody = (supplier: TSupplier, order: SandboxOrder): Record<string, unknown> => {
  const r = order.request;
  const kind = order.kind as SandboxOrderKind;
  const lies = triggerOf(triggerNumberOf(kind, r)) === 'otherOrder';
  const times = lies ? 10 : 1;
  const number = lies ? otherNumber(triggerNumberOf(kind, r)) : triggerNumberOf(kind, r);
  const charged = naira(order.amountKobo * times);
  const common = {
    id: order.id,
    ident: `${supplier.toLowerCase()}-${order.kind}-${order.id}`,
    Status: order.status,
    api_response: apiResponse(
      order,
      number,
      (kind === 'data' ? order.amountKobo : askedKobo(order)) * times,
    ),
    request_id: order.requestId,
    create_date: order.createdAt.toISOString(),
    ...(order.balanceBeforeKobo !== null && order.balanceAfterKobo !== null
      ? {
          balance_before: naira(order.balanceBeforeKobo),
          balance_after: naira(order.balanceAfterKobo),
        }
      : {}),
  };
  switch (kind) {
    case 'data':
      return {
        ...common,
        network: r.network,
        mobile_number: number,
        plan: r.plan,
        plan_name: r.plan_name,
        plan_amount: charged,
        Ported_number: r.Ported_number ?? false,
      };
    case 'airtime':
      return {
        ...common,
        network: r.network,
        mobile_number: number,
        amount: naira(askedKobo(order) * times),
        paid_amount: charged,
        airtime_type: r.airtime_type ?? 'VTU',
        Ported_number: r.Ported_number ?? false,
      };
    default:
      return {
        ...common,
        disco_id: r.disco_id,
        meter_number: number,
        meter_type: r.meter_type,
        amount: naira(askedKobo(order) * times),
        paid_amount: charged,
        customer_name: r.customer_name ?? null,
        Customer_Phone: r.Customer_Phone ?? null,
        token: order.token ? `Token : ${order.token}` : null,
      };
  }
};

const INITIAL_STATUS: Record<SandboxTrigger, SandboxOrderStatus> = {
  fail: 'failed',
  processingThenSuccess: 'processing',
  processingThenFail: 'processing',
  slow: 'successful',
  error500: 'successful',
  otherOrder: 'successful',
  reversed: 'successful',
  requestIdExists: 'successful',
  overcharge: 'successful',
  success: 'successful',
};

/** Places an order as the trigger says and builds the supplier's answer. */
export const simulateOrder = async (
  books: SandboxBooks,
  input: {
    supplier: TSupplier;
    kind: SandboxOrderKind;
    requestId: string | null;
    /** The validated request as stored (data orders also carry plan_name). */
    request: Record<string, unknown>;
    /** The supplier's price: what the order takes from the float (8888 takes twice this). */
    amountKobo: number;
    slowMs: number;
  },
): Promise<SandboxReply> => {
  const { supplier, kind } = input;
  const trigger = triggerOf(triggerNumberOf(kind, input.request));
  const placed = await books.placeOrder({
    supplier,
    kind,
    requestId: input.requestId,
    request: input.request,
    amountKobo: trigger === 'overcharge' ? input.amountKobo * 2 : input.amountKobo,
    status: INITIAL_STATUS[trigger],
  });
  if (placed.kind === 'insufficient') {
    return {
      status: 400,
      json: {
        Status: 'failed',
        api_response: INSUFFICIENT_FLOAT_TEXT,
        error: [INSUFFICIENT_FLOAT_TEXT],
      },
    };
  }
  // The order is in the books (delivered), but the answer says the request id is taken.
  if (trigger === 'requestIdExists') {
    return { status: 400, json: { error: [REQUEST_ID_EXISTS_TEXT] } };
  }
  if (placed.kind === 'duplicate') return { status: 200, json: orderBody(supplier, placed.order) };
  const body = orderBody(supplier, placed.order);
  if (trigger === 'error500') return { status: 500, html: DJANGO_500 };
  // DRF answers 201 for a created transaction; failed and processing ones come back as 200.
  const status = placed.order.status === 'successful' ? 201 : 200;
  return trigger === 'slow'
    ? { status, json: body, delayMs: input.slowMs }
    : { status, json: body };
};

/**
 * Re-query: the stored order. A 'processing' one settles now, as its trigger says; a 6666 one
 * moves a step on each time (successful → reversed → refunded).
 */
export const simulateRequery = async (
  books: SandboxBooks,
  input: { supplier: TSupplier; kind: SandboxOrderKind; key: string },
): Promise<SandboxReply> => {
  const found = await books.findOrder(input.supplier, input.kind, input.key);
  if (!found) return { status: 404, json: { detail: 'Not found.' } };
  let order = found;
  const trigger = triggerOf(triggerNumberOf(input.kind, order.request));
  if (order.status === 'processing') {
    order = await books.settleOrder(
      order,
      trigger === 'processingThenFail' ? 'failed' : 'successful',
    );
  } else if (trigger === 'reversed' && order.status === 'successful') {
    order = await books.settleOrder(order, 'reversed');
  } else if (trigger === 'reversed' && order.status === 'reversed') {
    order = await books.settleOrder(order, 'refunded');
  }
  return { status: 200, json: orderBody(input.supplier, order) };
};

const FIRST_NAMES = [
  'Adebayo',
  'Chiamaka',
  'Emeka',
  'Fatima',
  'Ngozi',
  'Olumide',
  'Tunde',
  'Zainab',
  'Ifeanyi',
  'Aisha',
];
const LAST_NAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ibrahim',
  'Nwosu',
  'Ogunleye',
  'Musa',
  'Obi',
  'Lawal',
];
const STREETS = [
  'Allen Avenue',
  'Awolowo Road',
  'Bode Thomas Street',
  'Ring Road',
  'Zik Avenue',
  'Ahmadu Bello Way',
];

/** Meter validation: numbers ending 0000 are invalid, others belong to a made-up customer. */
export const simulateMeterValidation = (input: {
  meterNumber: string;
  discoName: string;
}): Record<string, unknown> => {
  if (input.meterNumber.endsWith('0000')) return { invalid: true, name: 'INVALID METER NUMBER' };
  const digest = createHash('sha256').update(input.meterNumber).digest();
  const pick = <T>(list: readonly T[], byte: number): T => list[digest[byte]! % list.length]!;
  return {
    invalid: false,
    name: `${pick(LAST_NAMES, 0)} ${pick(FIRST_NAMES, 1)}`.toUpperCase(),
    address: `${(digest[2]! % 120) + 1} ${pick(STREETS, 3)}, ${input.discoName}`,
  };
};
