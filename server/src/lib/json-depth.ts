/**
 * How deep a JSON body may nest: the top-level object or array is level 1. No request of ours
 * needs more than a few levels; 32 leaves room for any client's extras while keeping recursive
 * code (JSON.stringify with a replacer, zod, the idempotency fingerprint) far from the stack's
 * end. A 100 kb body could otherwise nest about 50,000 deep.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a parsed JSON value nests deeper than `limit` levels. Iterative (an explicit stack),
 * so a value of any depth is measured without recursion.
 */
export const nestsDeeperThan = (value: unknown, limit: number = MAX_JSON_DEPTH): boolean => {
  if (value === null || typeof value !== 'object') return false;
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (depth > limit) return true;
    for (const child of Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
};
