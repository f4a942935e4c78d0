import { firstIssueMessage } from '@vendo/shared/schemas/auth';
import type { z } from 'zod';

export type TValidation<T> =
  { ok: true; data: T } | { ok: false; message: string; fields: ReadonlySet<string> };

/**
 * Parses form values with a shared schema. On failure it gives the first message (what the
 * server would answer) and the names of every field with an issue, for aria-invalid.
 */
export const validate = <S extends z.ZodType>(
  schema: S,
  values: unknown,
): TValidation<z.output<S>> => {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fields = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
  return { ok: false, message: firstIssueMessage(result.error), fields };
};

/** What a form keeps after a failed validation. */
export type TInvalidForm = { message: string; fields: ReadonlySet<string> };
