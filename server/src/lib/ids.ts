import { randomBytes } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID; check before using a caller's id in a uuid column (else 500). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);

/** Random bytes drawn from here, refilled this many at a time (one call to the CSPRNG each). */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A transaction reference: `prefix`, the date as YYMMDD, then 12 random upper-case hex digits
 * (48 bits). Unique enough for a reference (the column is unique anyway); not a secret, so the
 * random bytes come from a pool rather than a call to the CSPRNG per reference.
 */
export const newReference = (prefix: string, now = new Date()): string => {
  if (offset + 6 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const random = pool.toString('hex', offset, offset + 6).toUpperCase();
  offset += 6;
  return `${prefix}${now.toISOString().slice(2, 10).replace(/-/g, '')}${random}`;
};
