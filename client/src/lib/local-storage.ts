/**
 * localStorage that never throws: private mode or a full storage reads as nothing stored and
 * writes nothing, and the screen goes on working for this tab.
 */

export const readLocal = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** Stores `value` under `key`; null removes it. */
export const writeLocal = (key: string, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not stored: the caller's state still holds it until the page is left.
  }
};
