const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical UUID; check before using a caller's id in a uuid column (else 500). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);
