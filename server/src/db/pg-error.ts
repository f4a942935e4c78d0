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
