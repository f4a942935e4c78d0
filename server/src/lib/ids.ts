import { randomInt } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID; check before using a caller's id in a uuid column (else 500). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

/** 24 random bits as 6 upper-case hex digits. */
const hex6 = () => randomInt(0x1000000).toString(16).toUpperCase().padStart(6, '0');

/**
 * A transaction reference: `prefix`, the date as YYMMDD, then 12 random upper-case hex digits
 * (48 bits from the CSPRNG). Unique enough for a reference (the column is unique anyway).
 */
export const newReference = (prefix: string, now = new Date()): string =>
  `${prefix}${now.toISOString().slice(2, 10).replace(/-/g, '')}${hex6()}${hex6()}`;
