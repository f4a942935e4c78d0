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
 *   anything else: successful at once.
 */
export type SandboxTrigger =
  'fail' | 'processingThenSuccess' | 'processingThenFail' | 'slow' | 'error500' | 'success';

export const triggerOf = (number: string): SandboxTrigger => {
  switch (number.slice(-4)) {
    case '0000':
      return 'fail';
    case '1111':
      return 'processingThenSuccess';
    case '2222':
      return 'processingThenFail';
    case '3333':
      return 'slow';
    case '4444':
      return 'error500';
    default:
      return 'success';
  }
};

/** What the routes send: JSON or an HTML error page, possibly after a delay. */
export type SandboxReply =
  | { status: number; json: unknown; delayMs?: number }
  | { status: number; html: string; delayMs?: number };

export const INSUFFICIENT_FLOAT_TEXT =
  'Dear Customer, your balance is insufficient to complete this transaction. Kindly fund your wallet and try again.';
const DJANGO_500 =
  '<!doctype html><html lang="en"><head><title>Server Error (500)</title></head><body><h1>Server Error (500)</h1><p></p></body></html>';

const triggerNumberOf = (kind: SandboxOrderKind, request: Record<string, unknown>): string =>
  String((kind === 'electricity' ? request.meter_number : request.mobile_number) ?? '');

/** Naira with two decimals, as these APIs print money ("1500.50"), by integer arithmetic. */
const naira = (kobo: number) => `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;

const apiResponse = (order: SandboxOrder): string => {
  const r = order.request;
  const number = triggerNumberOf(order.kind as SandboxOrderKind, r);
  if (order.status === 'processing') {
    return 'Your transaction is processing. Please check back shortly.';
  }
  if (order.status === 'failed') {
    return triggerOf(number) === 'processingThenFail'
      ? 'Transaction failed and your wallet has been refunded (sandbox trigger 2222).'
      : `Transaction failed: the network did not accept ${number} (sandbox trigger 0000).`;
  }
  switch (order.kind) {
    case 'data':
      return `Dear Customer, you have successfully gifted ${String(r.plan_name)} to ${String(r.mobile_number)}.`;
    case 'airtime':
      return `Dear Customer, you have successfully topped up NGN ${naira(order.amountKobo)} airtime on ${String(r.mobile_number)}.`;
    default:
      return `Payment of NGN ${naira(order.amountKobo)} for meter ${String(r.meter_number)} was successful.`;
  }
};

/** The Husmodata-style transaction body, for the purchase answer and for re-query. */
export const orderBody = (
  supplier: TSupplier,
  order: SandboxOrder,
  balances?: { beforeKobo: number; afterKobo: number },
): Record<string, unknown> => {
  const r = order.request;
  const common = {
    id: order.id,
    ident: `${supplier.toLowerCase()}-${order.kind}-${order.id}`,
    Status: order.status,
    api_response: apiResponse(order),
    request_id: order.requestId,
    create_date: order.createdAt.toISOString(),
    ...(balances
      ? { balance_before: naira(balances.beforeKobo), balance_after: naira(balances.afterKobo) }
      : {}),
  };
  switch (order.kind) {
    case 'data':
      return {
        ...common,
        network: r.network,
        mobile_number: r.mobile_number,
        plan: r.plan,
        plan_name: r.plan_name,
        plan_amount: naira(order.amountKobo),
        Ported_number: r.Ported_number ?? false,
      };
    case 'airtime':
      return {
        ...common,
        network: r.network,
        mobile_number: r.mobile_number,
        amount: naira(order.amountKobo),
        paid_amount: naira(order.amountKobo),
        airtime_type: r.airtime_type ?? 'VTU',
        Ported_number: r.Ported_number ?? false,
      };
    default:
      return {
        ...common,
        disco_id: r.disco_id,
        meter_number: r.meter_number,
        meter_type: r.meter_type,
        amount: naira(order.amountKobo),
        paid_amount: naira(order.amountKobo),
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
    amountKobo: input.amountKobo,
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
  if (placed.kind === 'duplicate') return { status: 200, json: orderBody(supplier, placed.order) };
  const body = orderBody(supplier, placed.order, {
    beforeKobo: placed.balanceBeforeKobo,
    afterKobo: placed.balanceAfterKobo,
  });
  if (trigger === 'error500') return { status: 500, html: DJANGO_500 };
  // DRF answers 201 for a created transaction; failed and processing ones come back as 200.
  const status = placed.order.status === 'successful' ? 201 : 200;
  return trigger === 'slow'
    ? { status, json: body, delayMs: input.slowMs }
    : { status, json: body };
};

/** Re-query: the stored order; a 'processing' one settles now, as its trigger says. */
export const simulateRequery = async (
  books: SandboxBooks,
  input: { supplier: TSupplier; kind: SandboxOrderKind; key: string },
): Promise<SandboxReply> => {
  const found = await books.findOrder(input.supplier, input.kind, input.key);
  if (!found) return { status: 404, json: { detail: 'Not found.' } };
  let order = found;
  if (order.status === 'processing') {
    const trigger = triggerOf(triggerNumberOf(input.kind, order.request));
    order = await books.settleOrder(
      order,
      trigger === 'processingThenFail' ? 'failed' : 'successful',
    );
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
