import type { TUser } from '@vendo/shared/schemas/user';

/** The signed-in user as the session keeps it: everything but the balances (lib/auth.slice.ts). */
export type TSessionUser = Omit<TUser, 'balance' | 'earningBalance'>;

/** The session (token and user) is kept in localStorage under these keys. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/** Id of the last notification the user acknowledged, so the popup does not come back. */
export const NOTIFICATION_ACK_KEY = 'notificationAck';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the session still works for this tab.
  }
};

export const readStoredSession = (): { token: string | null; user: TSessionUser | null } => {
  const token = read(TOKEN_KEY);
  const rawUser = read(USER_KEY);
  if (!token) return { token: null, user: null };
  try {
    return { token, user: rawUser ? (JSON.parse(rawUser) as TSessionUser) : null };
  } catch {
    return { token, user: null };
  }
};

export const storeSession = (token: string | null, user: TSessionUser | null): void => {
  write(TOKEN_KEY, token);
  write(USER_KEY, token && user ? JSON.stringify(user) : null);
};

export const readAcknowledgedNotification = (): string | null => read(NOTIFICATION_ACK_KEY);

export const storeAcknowledgedNotification = (id: string): void => write(NOTIFICATION_ACK_KEY, id);
