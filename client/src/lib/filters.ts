/**
 * Typing in a filter (docs/product-rules.md#timing) waits this long before it asks the server
 * (history, users).
 */
export const FILTER_DEBOUNCE_MS = 2000;
