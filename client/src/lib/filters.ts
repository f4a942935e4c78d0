/** Spec §9: typing in a filter waits this long before it asks the server (history, users). */
export const FILTER_DEBOUNCE_MS = 2000;
