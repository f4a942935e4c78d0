import { nairaToKobo } from '@vendo/shared/money';
import type { BillsAnswered, BillsOutcome, BillsPin, BillsResult } from './port.ts';

/**
 * How a VTpass answer becomes a BillsResult (docs/suppliers-vtpass.md has the table). VTpass
 * answers HTTP 200 for nearly everything and puts the meaning in `code`; the HTTP status only
 * matters when there is no code.
 */

/** How much of an answer we keep on the transaction. */
export const RAW_LIMIT = 2000;

type Obj = Record<string, unknown>;

export const parseObject = (text: string): Obj | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Obj)
      : null;
  } catch {
    return null;
  }
};

export const objectOf = (value: unknown): Obj | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : null;

export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** A naira amount (number or text such as "3900.00" or "₦1,850") in kobo; undefined if unreadable. */
export const koboOf = (value: unknown): number | undefined => {
  const text = textOf(value)?.replace(/[₦,\s]/g, '');
  if (!text) return undefined;
  try {
    return nairaToKobo(text);
  } catch {
    return undefined;
  }
};

/** Codes that refuse an order before anything is charged: definite failures. */
const REFUSED: Record<string, string> = {
  '010': 'variation code does not exist',
  '011': 'invalid arguments',
  '012': 'product does not exist',
  '013': 'below the minimum amount',
  '017': 'above the maximum amount',
  '019': 'likely duplicate (same biller within 30 seconds)',
  '021': 'account locked',
  '022': 'account suspended',
  '023': 'API access not enabled',
  '024': 'account inactive',
  '027': 'IP address not whitelisted',
  '028': 'product not whitelisted on the account',
  '031': 'below the minimum quantity',
  '032': 'above the maximum quantity',
  '034': 'service suspended',
  '035': 'service inactive',
  '085': 'improper request id',
  '087': 'invalid credentials',
};

/** PINs from `cards: [{ Serial, Pin }]`, `tokens`, `Pin`, or else the `purchased_code` text. */
export const pinsOf = (body: Obj): BillsPin[] => {
  const pins: BillsPin[] = [];
  if (Array.isArray(body.cards)) {
    for (const card of body.cards) {
      const c = objectOf(card);
      const pin = textOf(c?.Pin ?? c?.pin);
      const serial = textOf(c?.Serial ?? c?.serial);
      if (pin) pins.push(serial ? { pin, serial } : { pin });
    }
  }
  if (pins.length === 0 && Array.isArray(body.tokens)) {
    for (const token of body.tokens) {
      const pin = textOf(token);
      if (pin) pins.push({ pin });
    }
  }
  const single = textOf(body.Pin ?? body.pin);
  if (pins.length === 0 && single) pins.push({ pin: single });
  const text = textOf(body.purchased_code);
  if (pins.length === 0 && text) {
    // "Serial No:WRN123, pin: 0998…" (one per card, separated by "||" or new lines) or "Pin : 3675…".
    for (const part of text.split(/\|\||\n|;/)) {
      const pin = /pin\s*:?\s*([0-9A-Za-z-]+)/i.exec(part)?.[1];
      const serial = /serial(?:\s*no)?\s*:?\s*([0-9A-Za-z-]+)/i.exec(part)?.[1];
      if (pin) pins.push(serial ? { pin, serial } : { pin });
    }
  }
  return pins;
};

const answeredOf = (body: Obj, tx: Obj | null): BillsAnswered => {
  const answered: BillsAnswered = {};
  const requestId = textOf(body.requestId);
  if (requestId) answered.requestId = requestId;
  const billersCode = textOf(tx?.unique_element);
  if (billersCode) answered.billersCode = billersCode;
  const amountKobo = koboOf(tx?.total_amount) ?? koboOf(tx?.amount) ?? koboOf(body.amount);
  if (amountKobo !== undefined) answered.amountKobo = amountKobo;
  const quantity = Number(tx?.quantity);
  if (tx?.quantity !== undefined && Number.isInteger(quantity)) answered.quantity = quantity;
  return answered;
};

/**
 * Classifies one answer to pay (`order`) or requery (`query`):
 * - 000: read content.transactions.status: delivered → delivered (PINs); reversed → reversed;
 *   failed → failed; initiated, pending or anything else → pending.
 * - 016 transaction failed, 091 not processed (not charged) → failed. 099 processing, 089 request processing → pending.
 * - 014 (order) request id already exists → pending + duplicateRequest: VTpass holds an order
 *   under that id; re-query it.
 * - 015 (query) no such request id → pending + notFound.
 * - 018 low wallet balance → failed + insufficientFloat (VTpass refuses it before charging).
 * - 044 resolved, contact support → pending + needsSupport: never refund blind.
 * - 030 biller unreachable, 083 system error → pending: re-query (an unprocessed order is then
 *   015, which the grace rule refunds).
 * - An order refused by one of REFUSED's codes → failed (nothing was charged). A re-query
 *   answered with one of them says nothing about the order → pending.
 * - No code (HTML, malformed JSON, 5xx) or an unknown code → pending.
 */
export const classifyVtpassAnswer = (
  answer: { status: number; text: string },
  mode: 'order' | 'query',
): BillsResult => {
  const raw = answer.text.slice(0, RAW_LIMIT);
  const body = parseObject(answer.text);
  const code = textOf(body?.code) ?? null;
  const content = objectOf(body?.content);
  const tx = objectOf(content?.transactions);
  const said = textOf(body?.response_description);
  const supplierRef = textOf(tx?.transactionId) ?? null;
  const answered = body ? answeredOf(body, tx) : {};
  const base = {
    code,
    supplierRef,
    raw,
    ...(Object.keys(answered).length > 0 ? { answered } : {}),
  };
  const result = (outcome: BillsOutcome, message: string, more: Partial<BillsResult> = {}) => ({
    ...base,
    outcome,
    message,
    ...more,
  });
  if (!body || code === null) {
    return result('pending', `VTpass answered HTTP ${answer.status} without a response code`);
  }
  switch (code) {
    case '000': {
      const status = textOf(tx?.status)?.toLowerCase();
      if (status === 'delivered') {
        const pins = pinsOf(body);
        const purchasedCode = textOf(body.purchased_code);
        return result('delivered', said ?? 'TRANSACTION SUCCESSFUL', {
          ...(pins.length > 0 ? { pins } : {}),
          ...(purchasedCode ? { purchasedCode } : {}),
        });
      }
      if (status === 'reversed') return result('reversed', 'VTpass reversed the transaction');
      if (status === 'failed') return result('failed', said ?? 'TRANSACTION FAILED');
      return result('pending', `VTpass transaction ${status ?? 'without a status'}`);
    }
    case '016':
      return result('failed', said ?? 'TRANSACTION FAILED');
    case '091':
      return result('failed', 'VTpass did not process the transaction (not charged)');
    case '014':
      return mode === 'order'
        ? result('pending', 'VTpass already has an order under this request id', {
            duplicateRequest: true,
          })
        : result('pending', `VTpass answered code ${code}`);
    case '015':
      return mode === 'query'
        ? result('pending', 'VTpass has no record of this request id', { notFound: true })
        : result('pending', `VTpass answered code ${code}`);
    case '018':
      return mode === 'order'
        ? result('failed', 'VTpass: low wallet balance', { insufficientFloat: true })
        : result('pending', 'VTpass: low wallet balance');
    case '044':
      return result('pending', 'VTpass resolved the transaction: contact its support', {
        needsSupport: true,
      });
    default: {
      const refused = REFUSED[code];
      if (refused && mode === 'order')
        return result('failed', `VTpass refused the order: ${refused}`);
      return result('pending', `VTpass answered code ${code}${said ? ` (${said})` : ''}`);
    }
  }
};
