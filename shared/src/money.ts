/**
 * The only conversions between naira (wire and UI) and kobo (code and database).
 * Money inside Vendo is always an integer number of kobo; these helpers refuse anything that
 * cannot be represented exactly (more than 2 decimals, NaN, Infinity, negatives, unsafe sizes).
 */

export class MoneyError extends Error {}

const NAIRA_PATTERN = /^\d+(\.\d{1,2})?$/;

/** Converts a naira amount (number or numeric string) to integer kobo, or throws MoneyError. */
export const nairaToKobo = (naira: number | string): number => {
  const text = typeof naira === 'number' ? numberToPlainString(naira) : naira.trim();
  if (!NAIRA_PATTERN.test(text)) {
    throw new MoneyError(`Not a valid naira amount: ${String(naira)}`);
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo)) {
    throw new MoneyError(`Amount too large: ${String(naira)}`);
  }
  return kobo;
};

/** True when the value is a naira amount nairaToKobo accepts. */
export const isValidNaira = (naira: unknown): boolean => {
  if (typeof naira !== 'number' && typeof naira !== 'string') return false;
  try {
    nairaToKobo(naira);
    return true;
  } catch {
    return false;
  }
};

/**
 * Converts integer kobo to a naira number for the wire (e.g. 150050 → 1500.5). Amounts that may
 * be below zero (a sale's profit) say so with allowNegative.
 */
export const koboToNaira = (kobo: number, { allowNegative = false } = {}): number => {
  assertKobo(kobo, { allowNegative });
  return kobo / 100;
};

/** Formats kobo as naira for people: 150050 → '₦1,500.50'. */
export const formatNaira = (kobo: number): string => {
  assertKobo(kobo, { allowNegative: true });
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const whole = Math.floor(abs / 100).toLocaleString('en-NG');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}₦${whole}.${fraction}`;
};

/** Formats a naira amount from the wire (already in naira) for people. */
export const formatNairaAmount = (naira: number): string => formatNaira(Math.round(naira * 100));

/** Applies a rate in basis points to kobo, rounding half up: percentOfKobo(10000, 9900) → 9900. */
export const basisPointsOfKobo = (kobo: number, basisPoints: number): number => {
  assertKobo(kobo);
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new MoneyError(`Not a valid rate: ${basisPoints}`);
  }
  // Integer arithmetic only: (kobo * bp + 5000) / 10000, floored.
  return Number((BigInt(kobo) * BigInt(basisPoints) + 5000n) / 10000n);
};

const assertKobo = (kobo: number, { allowNegative = false } = {}): void => {
  if (!Number.isSafeInteger(kobo) || (!allowNegative && kobo < 0)) {
    throw new MoneyError(`Not a valid kobo amount: ${kobo}`);
  }
};

const numberToPlainString = (value: number): string => {
  if (!Number.isFinite(value) || value < 0) return 'invalid';
  // Numbers such as 0.1 + 0.2 print as 0.30000000000000004 and are rightly refused.
  const text = String(value);
  return text.includes('e') ? 'invalid' : text;
};
