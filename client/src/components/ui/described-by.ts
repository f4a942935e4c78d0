/** An aria-describedby of the ids given (a hint, an error message), or none. */
export const describedBy = (...ids: (string | undefined)[]): string | undefined =>
  ids.filter(Boolean).join(' ') || undefined;
