/** The PostgreSQL error behind a driver or Drizzle error, if any (both drivers carry code/constraint). */
export const pgErrorOf = (
  error: unknown,
): { code: string; constraint?: string; message: string } | null => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
        message: String(candidate.message ?? ''),
      };
    }
    current = candidate.cause;
  }
  return null;
};

export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const pgError = pgErrorOf(error);
  return pgError?.code === '23505' && (!constraint || pgError.constraint === constraint);
};

/**
 * A conflict PostgreSQL resolved by aborting this transaction: a deadlock (40P01) or a
 * serialization failure (40001). The transaction changed nothing; running it again is safe.
 */
export const isTransientConflict = (error: unknown): boolean => {
  const code = pgErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
};

/**
 * SQLSTATEs of class 22 (data exception) that here only a caller's value can cause: text that
 * is no uuid or number (22P02), a number or date out of range (22003, 22008), a date in no
 * format (22007), a string longer than its column (22001), bytes that are no UTF-8 (22021,
 * 22P05) and a LIKE pattern ending in its escape character (22025). Validation should refuse
 * such values first; these are the net behind it.
 */
const CALLER_VALUE_CODES = new Set([
  '22P02', // invalid_text_representation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22001', // string_data_right_truncation
  '22021', // character_not_in_repertoire
  '22P05', // untranslatable_character
  '22025', // invalid_escape_sequence
]);

/** PostgreSQL refused a value in the request as data of its column's type (see above). */
export const isCallerValueError = (error: unknown): boolean => {
  const code = pgErrorOf(error)?.code;
  return code !== undefined && CALLER_VALUE_CODES.has(code);
};

/** SQLSTATEs that mean the server went away or would not take us: not the request's fault. */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: a fast shutdown or restart ended our connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or in recovery
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: a fail-over left us on a standby
]);

/** Messages node-postgres and pg-pool give when a connection breaks or cannot be made. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (starting up|shutting down|in recovery mode)/i;

const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The database is out of reach (restart, fail-over, network), as opposed to a query's own error:
 * the request answers 503 with Retry-After and background work backs off. Follows `cause`
 * chains (Drizzle wraps the driver's error).
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    // Class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
};
