import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import type { AnsweredOrder, PurchaseKind } from './port.ts';
import type { NetworkIdMap, SupplierNetworkIds } from './suppliers.config.ts';

/**
 * Reading a Husmodata-style answer body: its status, its human message, the supplier's id, the
 * electricity token, the complaints that need care (our float exhausted, our request id already
 * taken), what it names of the order (`answeredOf`) and our wallet balance on the account page.
 * husmodata.ts turns these into outcomes.
 */

const MESSAGE_LIMIT = 300;
const INSUFFICIENT_FLOAT = 'dear customer, your balance is insufficient';

export type Json = Record<string, unknown>;

export const parseObject = (text: string): Json | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Json)
      : null;
  } catch {
    return null;
  }
};

/** A field as text: strings as they are, numbers printed, arrays of strings joined (DRF errors). */
export const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join('; ') : null;
  }
  return null;
};

export const MESSAGE_FIELDS = ['api_response', 'error', 'detail', 'message', 'msg'] as const;

/** The first human text the supplier put in its answer. */
export const messageOf = (body: Json | null): string | null => {
  if (!body) return null;
  for (const field of MESSAGE_FIELDS) {
    const text = textOf(body[field])?.trim();
    if (text) return text.slice(0, MESSAGE_LIMIT);
  }
  return null;
};

/** `Status` (documented) or `status` (some clones), lower-cased; null when absent. */
export const statusOf = (body: Json | null): string | null => {
  const value = body?.Status ?? body?.status;
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
};

export const isInsufficientFloat = (body: Json | null, text: string): boolean => {
  const starts = (value: unknown): boolean =>
    textOf(value)?.trim().toLowerCase().startsWith(INSUFFICIENT_FLOAT) ?? false;
  const inArray = (value: unknown): boolean => Array.isArray(value) && value.some(starts);
  if (body && MESSAGE_FIELDS.some((f) => starts(body[f]) || inArray(body[f]))) return true;
  return text.toLowerCase().includes(INSUFFICIENT_FLOAT);
};

/** VTpass's "REQUEST ID ALREADY EXIST" response code. */
const DUPLICATE_REQUEST_CODE = '014';

/** A complaint that names the request id and says it is taken, not that it is unknown. */
const saysRequestIdTaken = (text: string): boolean =>
  /request[\s_-]*id/i.test(text) &&
  /(already\s+(exists?|used)|\bexists?\b|duplicate)/i.test(text) &&
  !/(not|n't)\s+exist/i.test(text);

/**
 * The supplier refused the order because it already holds one under our request id: Husmodata's
 * 400 "request ID exists" (in its message fields, or as a DRF field error on request_id saying
 * the value is taken), or VTpass's code 014.
 */
export const isDuplicateRequest = (body: Json | null, text: string): boolean => {
  if (body) {
    if (textOf(body.code)?.trim() === DUPLICATE_REQUEST_CODE) return true;
    const onRequestId = body.request_id;
    if (
      Array.isArray(onRequestId) &&
      /(unique|exists?|duplicate|already)/i.test(textOf(onRequestId) ?? '')
    ) {
      return true;
    }
    return MESSAGE_FIELDS.some((field) => saysRequestIdTaken(textOf(body[field]) ?? ''));
  }
  // A plain-text complaint, never an HTML page.
  const plain = text.slice(0, MESSAGE_LIMIT);
  return !/<[a-z!]/i.test(plain) && saysRequestIdTaken(plain);
};

/** The supplier's words for an order it took and then gave the money back for. */
export const REVERSED_STATUSES = new Set(['reversed', 'refunded', 'reversal']);

export const supplierRefOf = (body: Json | null): string | null => {
  const id = body?.id;
  return typeof id === 'number' || (typeof id === 'string' && id.trim() !== '') ? String(id) : null;
};

/** Strips the `Token : ` prefix GLAD puts before the electricity token. */
const stripTokenPrefix = (token: string): string => token.replace(/^\s*token\s*:?\s*/i, '').trim();

export const tokenOf = (body: Json | null): string | undefined => {
  const value = textOf(body?.token ?? body?.Token);
  if (!value) return undefined;
  return stripTokenPrefix(value) || undefined;
};

/** A plain value as text (a string or a finite number); lists and objects are not values. */
const valueOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
};

/**
 * Naira as these APIs print it (100, "100.00", "1,500.50", "₦100", "NGN 100") in kobo; null when
 * it is not an amount.
 */
export const nairaToKoboOf = (value: unknown): number | null => {
  const text =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value
            .replace(/,/g, '')
            .replace(/^\s*(₦|NGN)\s*/i, '')
            .trim()
        : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const kobo = Math.round(Number(text) * 100);
  return Number.isSafeInteger(kobo) ? kobo : null;
};

/** Our network for the supplier's id (as configured for this kind) or for a network's name. */
const networkOf = (value: unknown, ids: NetworkIdMap): TNetwork | undefined => {
  const said = valueOf(value)?.toUpperCase();
  if (!said) return undefined;
  const byId = NETWORKS.find((n) => String(ids[n]).toUpperCase() === said);
  if (byId) return byId;
  if (said === 'ETISALAT') return '9MOBILE';
  return NETWORKS.find((n) => n === said);
};

/**
 * What a 2xx answer names of the order (port.ts AnsweredOrder): the request id, the phone or
 * meter, the amount (airtime, electricity), the plan and network (data, airtime), the disco and
 * the supplier's balance before and after the order. A field that is absent, or not a plain value
 * (a DRF error list), is left out; an amount that is there but unreadable is null.
 */
export const answeredOf = (
  body: Json,
  kind: PurchaseKind,
  networkIds: SupplierNetworkIds,
): AnsweredOrder => {
  const answered: AnsweredOrder = {};
  const reference = valueOf(body.request_id);
  if (reference) answered.reference = reference;
  if (kind === 'electricity') {
    const meter = valueOf(body.meter_number ?? body.meter_no);
    if (meter) answered.meterNumber = meter;
    const disco = valueOf(body.disco_id);
    if (disco) answered.discoId = disco;
  } else {
    const phone = valueOf(body.mobile_number ?? body.phone);
    if (phone) answered.phone = phone;
    const network = networkOf(body.network ?? body.plan_network, networkIds[kind]);
    if (network) answered.network = network;
  }
  if (kind === 'data') {
    const plan = valueOf(body.plan);
    if (plan) answered.planId = plan;
  } else if (body.amount !== undefined && body.amount !== null) {
    answered.amountKobo = nairaToKoboOf(body.amount);
  }
  const before = nairaToKoboOf(body.balance_before);
  const after = nairaToKoboOf(body.balance_after);
  if (before !== null && after !== null) {
    answered.balanceBeforeKobo = before;
    answered.balanceAfterKobo = after;
  }
  return answered;
};

/** What classifyAnswer needs to report what an answer names: the product and the network ids. */
export type AnswerContext = { kind: PurchaseKind; networkIds: SupplierNetworkIds };

/**
 * Our wallet balance in a supplier's account page, in kobo. The field is not documented:
 * Husmodata-style clones answer `wallet_balance` (a number or a numeric string), some under
 * `user`, some as `balance` or `Account_Balance`. Null when none is a valid amount.
 */
export const walletBalanceOf = (body: Json | null): number | null => {
  const user = body?.user;
  const places = [body, user !== null && typeof user === 'object' ? (user as Json) : null];
  for (const place of places) {
    for (const field of ['wallet_balance', 'balance', 'Account_Balance', 'account_balance']) {
      const value = place?.[field];
      const text = typeof value === 'number' ? String(value) : textOf(value)?.replace(/,/g, '');
      if (text !== undefined && text !== null && text.trim() !== '') {
        // Shown to admins only, never booked: the nearest kobo is exact enough.
        const kobo = Math.round(Number(text) * 100);
        if (Number.isSafeInteger(kobo) && kobo >= 0) return kobo;
      }
    }
  }
  return null;
};
