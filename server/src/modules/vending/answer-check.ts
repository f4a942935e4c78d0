import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import { formatNaira } from '@vendo/shared/money';
import type { AnsweredOrder, ProductKind, SupplierResult } from '../../providers/vending/port.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';

/**
 * Whether a supplier's answer is about the order we placed (decision 0026). An adapter reports
 * what an answer names (`SupplierResult.answered`); this compares it with what we ordered, as the
 * purchase's receipt records it, so a re-query (which only knows the reference) is checked exactly
 * like the first answer.
 *
 * Rules:
 * - Only answers we would act on are checked: success, failed, reversed. A pending answer moves
 *   no money and is re-queried anyway.
 * - A field the answer names must agree with ours: request id (exact), phone (0803…, 234803…,
 *   +234 803… are one number), meter (letters and digits only), amount (airtime face value,
 *   electricity token value; "100", 100, "100.00" are one amount), the supplier's plan id (data),
 *   the network and the disco when the answer names one we recognise.
 * - A field the answer leaves out is no mismatch, except what a success or a reversal must name
 *   to be about our order at all: the phone (data, airtime) or the meter (electricity), and the
 *   amount (airtime, electricity). A "Successful" that names no phone and an amount of 0 is
 *   not a sale.
 * - A data plan's price is the supplier's to set: plan_amount is never compared.
 */

/** What we ordered, as the checks need it. A field we do not know (an old receipt) is not checked. */
export type ExpectedOrder = {
  kind: ProductKind;
  reference: string;
  phone?: string;
  meterNumber?: string;
  amountKobo?: number;
  planId?: string;
  network?: TNetwork;
  discoId?: string;
  /** Cable, exam and e-PINs: the smartcard, phone or profile id sent, and how many PINs. */
  billersCode?: string;
  quantity?: number;
};

export type MismatchField =
  'reference' | 'phone' | 'meter' | 'amount' | 'plan' | 'network' | 'disco' | 'number' | 'quantity';

/** One field the answer gets wrong: ours, and theirs (null: the answer does not name it). */
export type FieldMismatch = { field: MismatchField; ours: string; theirs: string | null };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

const kobo = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/** What a purchase's receipt says we ordered (details are written by vending.service.ts). */
export const expectedOrderOf = (purchase: TransactionRow): ExpectedOrder => {
  const details = purchase.details ?? {};
  const kind = purchase.type as ProductKind;
  const order: ExpectedOrder = { kind, reference: purchase.reference };
  const set = <K extends keyof ExpectedOrder>(key: K, value: ExpectedOrder[K] | undefined) => {
    if (value !== undefined) order[key] = value;
  };
  if (kind === 'cable' || kind === 'exam' || kind === 'epin') {
    // The bills supplier answers under its own request id, stored before the order went out.
    order.reference = text(details.vtpassRequestId) ?? purchase.reference;
    set('billersCode', text(details.billersCode));
    set('quantity', kobo(details.quantity));
    return order;
  }
  if (kind === 'electricity') {
    set('meterNumber', text(details.meterNumber));
    set('amountKobo', kobo(details.amountKobo));
    set('discoId', text(details.discoId));
    return order;
  }
  set('phone', text(purchase.phoneNumber));
  set(
    'network',
    NETWORKS.find((n) => n === purchase.network),
  );
  if (kind === 'airtime') set('amountKobo', kobo(details.faceValueKobo));
  else set('planId', text(details.supplierPlanId));
  return order;
};

/** A Nigerian phone number in its local form (08031234567), whatever way it is written. */
export const localPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('234') && digits.length === 13) return `0${digits.slice(3)}`;
  if (digits.length === 10 && !digits.startsWith('0')) return `0${digits}`;
  return digits;
};

const meterKey = (meter: string): string => meter.replace(/[^0-9a-z]/gi, '').toUpperCase();

const naira = (amountKobo: number | null | undefined): string | null =>
  amountKobo === undefined ? null : amountKobo === null ? 'unreadable' : formatNaira(amountKobo);

/**
 * The fields of `answered` that are not about `order`, or [] when the answer is about our order.
 * See the rules above.
 */
export const mismatchOf = (
  order: ExpectedOrder,
  outcome: SupplierResult['outcome'],
  answered: AnsweredOrder = {},
): FieldMismatch[] => {
  if (outcome === 'pending') return [];
  const claimsDelivery = outcome === 'success' || outcome === 'reversed';
  const found: FieldMismatch[] = [];
  const check = (
    field: MismatchField,
    ours: string | undefined,
    theirs: string | undefined,
    same: (a: string, b: string) => boolean = (a, b) => a === b,
    essential = false,
  ) => {
    if (ours === undefined) return;
    if (theirs === undefined) {
      if (essential && claimsDelivery) found.push({ field, ours, theirs: null });
      return;
    }
    if (!same(ours, theirs)) found.push({ field, ours, theirs });
  };

  check('reference', order.reference, answered.reference);
  if (order.kind === 'cable' || order.kind === 'exam') {
    // The supplier's own price is its to set (fixed prices): only what was ordered is compared.
    check('number', order.billersCode, answered.billersCode, undefined, order.kind === 'cable');
    if (order.quantity !== undefined && answered.quantity !== undefined) {
      check('quantity', String(order.quantity), String(answered.quantity));
    }
    return found;
  }
  if (order.kind === 'electricity') {
    check(
      'meter',
      order.meterNumber,
      answered.meterNumber,
      (a, b) => meterKey(a) === meterKey(b),
      true,
    );
    check('disco', order.discoId, answered.discoId);
  } else {
    check('phone', order.phone, answered.phone, (a, b) => localPhone(a) === localPhone(b), true);
    check('network', order.network, answered.network);
  }
  if (order.kind === 'data') {
    check('plan', order.planId, answered.planId);
  } else if (order.amountKobo !== undefined) {
    const theirs = answered.amountKobo;
    if (theirs === undefined) {
      if (claimsDelivery) {
        found.push({ field: 'amount', ours: formatNaira(order.amountKobo), theirs: null });
      }
    } else if (theirs !== order.amountKobo) {
      found.push({ field: 'amount', ours: formatNaira(order.amountKobo), theirs: naira(theirs) });
    }
  }
  return found;
};

/** "phone: ours 08031235555, theirs 08099995555; amount: ours ₦100.00, theirs none". */
export const describeMismatch = (mismatches: readonly FieldMismatch[]): string =>
  mismatches.map((m) => `${m.field}: ours ${m.ours}, theirs ${m.theirs ?? 'none'}`).join('; ');

/** A supplier answer as it counts for one purchase; `mismatches` when it was not about it. */
export type CheckedResult = SupplierResult & { mismatches?: FieldMismatch[] };

/**
 * The answer as it counts for this purchase (answer-check.ts): one about another order (another
 * phone, amount, plan, request id …) is no answer at all: pending, with neither its outcome nor
 * its order id taken (re-querying by another order's id would only find that order again).
 */
export const checkAnswer = (purchase: TransactionRow, result: SupplierResult): CheckedResult => {
  const mismatches = mismatchOf(expectedOrderOf(purchase), result.outcome, result.answered);
  if (mismatches.length === 0) return result;
  return {
    outcome: 'pending',
    supplierRef: null,
    raw: result.raw,
    message: `${purchase.supplier ?? 'The supplier'} answered '${result.outcome}' about another order (${describeMismatch(mismatches)}): not counted`,
    mismatches,
  };
};
