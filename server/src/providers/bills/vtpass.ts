import { randomBytes } from 'node:crypto';
import { koboToNaira } from '@vendo/shared/money';
import { AppError } from '../../lib/app-error.ts';
import { keepAliveFetch, type HttpFetch } from '../../lib/http-client.ts';
import type {
  BillsCustomer,
  BillsResult,
  BillsServiceId,
  BillsSupplier,
  BillsVariation,
} from './port.ts';
import { classifyVtpassAnswer, koboOf, objectOf, parseObject, textOf } from './vtpass-answers.ts';

/**
 * The adapter for VTpass-style bills APIs (cable TV, exam PINs): docs/suppliers-vtpass.md. It
 * only speaks HTTP and classifies answers (vtpass-answers.ts); it never touches the database.
 * POSTs carry `api-key` + `secret-key`, GETs `api-key` + `public-key`.
 */

export type VtpassOptions = {
  /** The root the API paths hang under (`<base>/api/pay` …), without the trailing slash. */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  publicKey: string;
  timeoutMs: number;
  /** For tests; defaults to keepAliveFetch (lib/http-client.ts). */
  fetchImpl?: HttpFetch;
};

/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** `YYYYMMDDHHII` in Lagos time: the first 12 characters of every VTpass request id. */
export const lagosStamp = (now: Date): string => {
  const t = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${t.getUTCFullYear()}${two(t.getUTCMonth() + 1)}${two(t.getUTCDate())}${two(t.getUTCHours())}${two(t.getUTCMinutes())}`;
};

/** A request id VTpass accepts: the Lagos date and time, then 12 random hex characters. */
export const vtpassRequestId = (now = new Date()): string =>
  `${lagosStamp(now)}${randomBytes(6).toString('hex')}`;

type HttpAnswer = { status: number; text: string };
type NoAnswer = { error: string };

/** undici hides the useful reason (ECONNREFUSED …) in error.cause. */
const causeOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) return (cause as { code?: string }).code ?? cause.message;
  return error.message;
};

const unavailable = (what: string) =>
  new AppError('PROVIDER_ERROR', { msg: `${what} is unavailable right now; please try again` });

export const createVtpassSupplier = (options: VtpassOptions): BillsSupplier => {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetchImpl ?? keepAliveFetch;
  const { apiKey, secretKey, publicKey, timeoutMs } = options;

  /** One HTTP exchange, body included, within timeoutMs; never throws. */
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<HttpAnswer | NoAnswer> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          'api-key': apiKey,
          ...(method === 'POST' ? { 'secret-key': secretKey } : { 'public-key': publicKey }),
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: controller.signal,
        redirect: 'error',
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (controller.signal.aborted)
        return { error: `No answer from VTpass within ${timeoutMs} ms` };
      return { error: `Could not reach VTpass: ${causeOf(error)}` };
    } finally {
      clearTimeout(timer);
    }
  };

  const settle = async (
    path: string,
    body: Record<string, unknown>,
    mode: 'order' | 'query',
  ): Promise<BillsResult> => {
    const answer = await call('POST', path, body);
    if ('error' in answer) {
      return { outcome: 'pending', code: null, supplierRef: null, message: answer.error, raw: '' };
    }
    return classifyVtpassAnswer(answer, mode);
  };

  /** The `content` of a 000 answer, or PROVIDER_ERROR. */
  const contentOf = (answer: HttpAnswer | NoAnswer, what: string) => {
    if ('error' in answer) throw unavailable(what);
    const body = parseObject(answer.text);
    // service-variations answers `response_description: "000"` and no code.
    const code = textOf(body?.code) ?? textOf(body?.response_description);
    const content = objectOf(body?.content);
    if (code !== '000' || !content) throw unavailable(what);
    return content;
  };

  return {
    name: 'VTPASS',
    newRequestId: vtpassRequestId,
    variations: async (serviceId: BillsServiceId): Promise<BillsVariation[]> => {
      const answer = await call(
        'GET',
        `/api/service-variations?serviceID=${encodeURIComponent(serviceId)}`,
      );
      const content = contentOf(answer, 'The price list');
      // VTpass has spelt the field `varations` on some services.
      const list = content.variations ?? content.varations;
      if (!Array.isArray(list)) throw unavailable('The price list');
      const variations: BillsVariation[] = [];
      for (const item of list) {
        const v = objectOf(item);
        const code = textOf(v?.variation_code);
        const amountKobo = koboOf(v?.variation_amount);
        if (!v || !code || amountKobo === undefined) continue;
        variations.push({
          code,
          name: textOf(v.name) ?? code,
          amountKobo,
          fixedPrice: /^yes$/i.test(textOf(v.fixedPrice) ?? ''),
        });
      }
      return variations;
    },
    verify: async (query): Promise<BillsCustomer> => {
      const answer = await call('POST', '/api/merchant-verify', {
        billersCode: query.billersCode,
        serviceID: query.serviceId,
        ...(query.type ? { type: query.type } : {}),
      });
      const content = contentOf(answer, 'Verification');
      const error = textOf(content.error);
      if (error || content.WrongBillersCode === true) {
        return { valid: false, message: error ?? 'The number could not be verified' };
      }
      const name = textOf(content.Customer_Name)?.trim();
      if (!name) throw unavailable('Verification');
      const renewalAmountKobo = koboOf(content.Renewal_Amount);
      const bouquet = textOf(content.Current_Bouquet);
      const bouquetCode = textOf(content.Current_Bouquet_Code);
      const dueDate = textOf(content.Due_Date);
      return {
        valid: true,
        name,
        ...(bouquet ? { currentBouquet: bouquet } : {}),
        ...(bouquetCode ? { currentBouquetCode: bouquetCode } : {}),
        ...(dueDate ? { dueDate } : {}),
        ...(renewalAmountKobo !== undefined ? { renewalAmountKobo } : {}),
      };
    },
    pay: (order) =>
      settle(
        '/api/pay',
        {
          request_id: order.requestId,
          serviceID: order.serviceId,
          billersCode: order.billersCode,
          ...(order.variationCode ? { variation_code: order.variationCode } : {}),
          amount: koboToNaira(order.amountKobo),
          phone: order.phone,
          ...(order.subscriptionType ? { subscription_type: order.subscriptionType } : {}),
          ...(order.quantity !== undefined ? { quantity: order.quantity } : {}),
        },
        'order',
      ),
    requery: (requestId) => settle('/api/requery', { request_id: requestId }, 'query'),
  };
};
