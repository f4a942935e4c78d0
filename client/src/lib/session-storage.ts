import type { TUser } from '@vendo/shared/schemas/user';
import { readLocal, writeLocal } from './local-storage';

/** The signed-in user as the session keeps it: everything but the balances (lib/auth.slice.ts). */
export type TSessionUser = Omit<TUser, 'balance' | 'earningBalance'>;

/** The session (token and user) is kept in localStorage under these keys. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/** Id of the last notification the user acknowledged, so the popup does not come back. */
export const NOTIFICATION_ACK_KEY = 'notificationAck';

export const readStoredSession = (): { token: string | null; user: TSessionUser | null } => {
  const token = readLocal(TOKEN_KEY);
  const rawUser = readLocal(USER_KEY);
  if (!token) return { token: null, user: null };
  try {
    return { token, user: rawUser ? (JSON.parse(rawUser) as TSessionUser) : null };
  } catch {
    return { token, user: null };
  }
};

export const storeSession = (token: string | null, user: TSessionUser | null): void => {
  writeLocal(TOKEN_KEY, token);
  writeLocal(USER_KEY, token && user ? JSON.stringify(user) : null);
};

export const readAcknowledgedNotification = (): string | null => readLocal(NOTIFICATION_ACK_KEY);

export const storeAcknowledgedNotification = (id: string): void =>
  writeLocal(NOTIFICATION_ACK_KEY, id);
