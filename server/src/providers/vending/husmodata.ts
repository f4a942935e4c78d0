import type { TSupplier } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import { AppError } from '../../lib/app-error.ts';
import { keepAliveFetch, type HttpFetch } from '../../lib/http-client.ts';
import type {
  MeterResult,
  PurchaseKind,
  SupplierBalance,
  SupplierResult,
  VendingSupplier,
} from './port.ts';
import {
  answeredOf,
  isDuplicateRequest,
  isInsufficientFloat,
  messageOf,
  parseObject,
  REVERSED_STATUSES,
  statusOf,
  supplierRefOf,
  textOf,
  tokenOf,
  walletBalanceOf,
  type AnswerContext,
} from './husmodata-fields.ts';
import type { SupplierNetworkIds } from './suppliers.config.ts';

/**
 * The adapter for Husmodata-style supplier APIs (ALARO and GLAD). It only speaks HTTP, classifies
 * answers and reports what each answer names (`answered`); it never touches the database and
 * never decides whether an answer is about the order we meant (modules/vending/answer-check.ts).
 *
 * Every order carries `request_id` = our reference so that an order whose answer was lost can be
 * re-queried by it. Real clones may ignore the field: then only the supplier's own id (from an
 * answer we did receive) finds the order, and an order whose answer never came stays pending
 * until an admin settles it. The sandbox suppliers honour it.
 */

export type HusmodataOptions = {
  name: TSupplier;
  /** API root without the trailing slash, e.g. https://glad.example. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  networkIds: SupplierNetworkIds;
  /** For tests; defaults to keepAliveFetch (undici's keep-alive pool, lib/http-client.ts). */
  fetchImpl?: HttpFetch;
};

/** How much of a supplier's answer we keep on the transaction. */
export const RAW_LIMIT = 2000;
const QUERY_PATHS: Record<PurchaseKind, string> = {
  data: '/api/data/',
  airtime: '/api/topup/',
  electricity: '/api/billpayment/',
};

type HttpAnswer = { status: number; text: string };
/** The request never produced a complete answer: timeout, refused connection, reset … */
type NoAnswer = { error: string };

/**
 * Turns an HTTP answer into an outcome (the heart of the adapter; port.ts):
 * - 2xx with Status 'successful' → success; 'failed' → failed; 'reversed' or 'refunded' →
 *   reversed (the supplier gave the money back).
 * - An order refused because the supplier already has our request id ("request ID exists",
 *   VTpass's 014) → pending + duplicateRequest: it holds an order under that id; re-query it.
 * - "Dear Customer, your balance is insufficient…" anywhere → failed + insufficientFloat.
 * - The three refusals below and that one are also `notProcessed`: refused before the order was
 *   taken (a 2xx 'failed' is not: the supplier took the order and it failed there).
 * - An order answered 401/403 → failed: the supplier refused our key before looking at the order,
 *   so it certainly was not placed, and pending would park every purchase until the SLA. A query
 *   answered 401/403 is pending instead: it says nothing about the order itself.
 * - An order answered 400 with a JSON (Django-style) error → failed: the supplier refused it.
 * - Everything else — other 4xx, 5xx, HTML, malformed JSON, a missing or unknown Status
 *   ('processing', 'pending' …), and for a query any non-2xx → pending: re-query
 *   later, never refund blind. A query answered with DRF's own 404 `{"detail": "Not found."}` is
 *   pending with `notFound`: the purchase service decides, by the purchase's age, whether that
 *   means the order never arrived.
 */
export const classifyAnswer = (
  answer: HttpAnswer,
  mode: 'order' | 'query',
  supplier: string,
  context?: AnswerContext,
): SupplierResult => {
  const { status, text } = answer;
  const raw = text.slice(0, RAW_LIMIT);
  const body = parseObject(text);
  const said = statusOf(body);
  const ok = status >= 200 && status < 300;
  const answered = ok && body && context ? answeredOf(body, context.kind, context.networkIds) : {};
  const base = {
    supplierRef: supplierRefOf(body),
    raw,
    ...(Object.keys(answered).length > 0 ? { answered } : {}),
  };
  const message = (fallback: string) => messageOf(body) ?? fallback;

  // An explicit success beats a text search: refunding a delivered order loses money.
  if (ok && said === 'successful') {
    const token = tokenOf(body);
    return {
      ...base,
      outcome: 'success',
      message: message('Successful'),
      ...(token ? { token } : {}),
    };
  }
  if (mode === 'query' && !ok) {
    // Django REST Framework's own 404 for an unknown id, not any 404 (a wrong base URL answers
    // 404 too, from a server that knows nothing of our orders).
    if (status === 404 && typeof body?.detail === 'string' && /^not found\.?$/i.test(body.detail)) {
      return {
        ...base,
        outcome: 'pending',
        message: `${supplier} has no record of this order`,
        notFound: true,
      };
    }
    return { ...base, outcome: 'pending', message: `${supplier} re-query answered HTTP ${status}` };
  }
  if (mode === 'order' && isDuplicateRequest(body, text)) {
    return {
      ...base,
      outcome: 'pending',
      message: `${supplier} already has an order under our request id: ${message('request ID exists')}`,
      duplicateRequest: true,
    };
  }
  if (ok && said !== null && REVERSED_STATUSES.has(said)) {
    return { ...base, outcome: 'reversed', message: message(`${supplier} status '${said}'`) };
  }
  if (isInsufficientFloat(body, text)) {
    return {
      ...base,
      outcome: 'failed',
      message: message(`${supplier}: insufficient balance`),
      insufficientFloat: true,
      notProcessed: true,
    };
  }
  if (mode === 'order' && (status === 401 || status === 403)) {
    return {
      ...base,
      outcome: 'failed',
      message: 'Supplier rejected our credentials',
      notProcessed: true,
    };
  }
  if (ok) {
    if (said === 'failed') return { ...base, outcome: 'failed', message: message('Failed') };
    if (!body) {
      return { ...base, outcome: 'pending', message: `${supplier} answered without a JSON body` };
    }
    return {
      ...base,
      outcome: 'pending',
      message: said ? `${supplier} status '${said}'` : `${supplier} answered without a status`,
    };
  }
  if (status === 400 && body && (said === null || said === 'failed')) {
    return {
      ...base,
      outcome: 'failed',
      message: message(`${supplier} refused the order`),
      notProcessed: true,
    };
  }
  return { ...base, outcome: 'pending', message: `${supplier} answered HTTP ${status}` };
};

const noAnswerResult = (failure: NoAnswer): SupplierResult => ({
  outcome: 'pending',
  supplierRef: null,
  message: failure.error,
  raw: '',
});

/** Creates the adapter for one Husmodata-style supplier. */
export const createHusmodataSupplier = (options: HusmodataOptions): VendingSupplier => {
  const { name, apiKey, timeoutMs, networkIds } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? keepAliveFetch;

  /** One HTTP exchange, body included, within timeoutMs; never throws. */
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
    waitMs = timeoutMs,
  ): Promise<HttpAnswer | NoAnswer> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), waitMs);
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Token ${apiKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: controller.signal,
        redirect: 'error',
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (controller.signal.aborted) return { error: `No answer from ${name} within ${waitMs} ms` };
      const reason = error instanceof Error ? (causeOf(error) ?? error.message) : String(error);
      return { error: `Could not reach ${name}: ${reason}` };
    } finally {
      clearTimeout(timer);
    }
  };

  const order = async (
    kind: PurchaseKind,
    path: string,
    body: Record<string, unknown>,
  ): Promise<SupplierResult> => {
    const answer = await call('POST', path, body);
    return 'error' in answer
      ? noAnswerResult(answer)
      : classifyAnswer(answer, 'order', name, { kind, networkIds });
  };

  return {
    name,
    buyData: (o) =>
      order('data', '/api/data/', {
        network: networkIds.data[o.network],
        mobile_number: o.phone,
        plan: o.supplierPlanId,
        Ported_number: o.ported,
        request_id: o.reference,
      }),
    buyAirtime: (o) =>
      order('airtime', '/api/topup/', {
        network: networkIds.airtime[o.network],
        amount: koboToNaira(o.amountKobo),
        mobile_number: o.phone,
        Ported_number: o.ported,
        airtime_type: 'VTU',
        request_id: o.reference,
      }),
    buyElectricity: (o) =>
      order('electricity', '/api/v2/billpayment/', {
        disco_id: o.discoId,
        amount: koboToNaira(o.amountKobo),
        meter_number: o.meterNumber,
        meter_type: o.meterType,
        ...(o.phone ? { Customer_Phone: o.phone } : {}),
        ...(o.customerName ? { customer_name: o.customerName } : {}),
        request_id: o.reference,
      }),
    validateMeter: async (q): Promise<MeterResult> => {
      const params = new URLSearchParams({
        disco_id: String(q.discoId),
        meter_type: q.meterType,
        meter_number: q.meterNumber,
      });
      const answer = await call('GET', `/api/v2/validatemeter/?${params.toString()}`);
      // Nothing has been charged yet, so an unusable answer is an error the caller shows (502).
      const unavailable = () =>
        new AppError('PROVIDER_ERROR', {
          msg: 'Meter validation is unavailable right now; please try again',
        });
      if ('error' in answer || answer.status < 200 || answer.status >= 300) throw unavailable();
      const body = parseObject(answer.text);
      const invalid = body?.invalid;
      if (invalid !== true && invalid !== false && invalid !== 'true' && invalid !== 'false') {
        throw unavailable();
      }
      const name = textOf(body?.name)?.trim() ?? '';
      if (invalid === true || invalid === 'true') {
        return { valid: false, name: name || 'INVALID METER NUMBER', address: null };
      }
      return { valid: true, name, address: textOf(body?.address)?.trim() || null };
    },
    balance: async (options = {}): Promise<SupplierBalance> => {
      const answer = await call('GET', '/api/user/', undefined, options.timeoutMs ?? timeoutMs);
      if ('error' in answer) return { error: answer.error };
      if (answer.status < 200 || answer.status >= 300) {
        return { error: `${name} answered HTTP ${answer.status}` };
      }
      const balanceKobo = walletBalanceOf(parseObject(answer.text));
      return balanceKobo === null
        ? { error: `${name} did not say what our balance is` }
        : { balanceKobo };
    },
    query: async (kind, ref) => {
      const id = ref.supplierRef ?? ref.reference;
      const answer = await call('GET', `${QUERY_PATHS[kind]}${encodeURIComponent(id)}`);
      return 'error' in answer
        ? noAnswerResult(answer)
        : classifyAnswer(answer, 'query', name, { kind, networkIds });
    },
  };
};

/** undici hides the useful reason (ECONNREFUSED …) in error.cause. */
const causeOf = (error: Error): string | undefined => {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return (cause as { code?: string }).code ?? cause.message;
  return undefined;
};
