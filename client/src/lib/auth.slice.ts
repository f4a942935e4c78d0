import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  TAuthResponse,
  TNotification,
  TProfileResponse,
} from '@vendo/shared/schemas/auth.responses';
import { readStoredSession, type TSessionUser } from './session-storage';

/**
 * The session (docs/product-rules.md#sessions): who is signed in, with which token and roles, and
 * the admins' notification until it is acknowledged. It is kept in localStorage for the next visit.
 *
 * Money is not session state: balances, plans and transactions are server data, read from the
 * RTK Query cache (lib/profile.api.ts) that mutations invalidate. The stored user therefore
 * carries no balance, so nothing can show a stale one.
 *
 * In lib/ rather than app/ because features dispatch its actions (login, logout …) and may
 * import nothing from app/ but the typed hooks and store types. It is in the landing bundle.
 */
export type TAuthState = {
  token: string | null;
  user: TSessionUser | null;
  isAdmin: boolean;
  isCouponVendor: boolean;
  notification: TNotification | null;
};

const signedOut: TAuthState = {
  token: null,
  user: null,
  isAdmin: false,
  isCouponVendor: false,
  notification: null,
};

/** The user of an answer, without the money fields (those are read from the profile query). */
const sessionUserOf = ({ user }: TProfileResponse): TSessionUser => {
  const { balance: _balance, earningBalance: _earningBalance, ...identity } = user;
  return identity;
};

// A stored session is trusted for first paint only; restoreSession checks it with the server.
const initialState = (): TAuthState => {
  const { token, user } = readStoredSession();
  if (!token) return signedOut;
  return {
    ...signedOut,
    token,
    user,
    isAdmin: user?.isAdmin ?? false,
    isCouponVendor: user?.isCouponVendor ?? false,
  };
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Login or register succeeded. */
    sessionStarted: (_state, { payload }: PayloadAction<TAuthResponse>) => ({
      token: payload.token,
      user: sessionUserOf(payload),
      isAdmin: payload.isAdmin,
      isCouponVendor: payload.isCouponVendor,
      notification: payload.notification,
    }),
    /** GET /auth answered (lib/profile.api.ts): the session follows the server's latest user. */
    profileLoaded: (state, { payload }: PayloadAction<TProfileResponse>) => {
      state.user = sessionUserOf(payload);
      state.isAdmin = payload.isAdmin;
      state.isCouponVendor = payload.isCouponVendor;
      state.notification = payload.notification;
    },
    /** A password change revokes earlier tokens and hands out a new one. */
    tokenRefreshed: (state, { payload }: PayloadAction<string>) => {
      state.token = payload;
    },
    notificationAcknowledged: (state) => {
      state.notification = null;
    },
    loggedOut: () => signedOut,
    /**
     * The server answered 401 to a call sent with `token` (lib/http-client.ts). A 401 for a token
     * that was already replaced (e.g. after a password change) is stale; without a session (a
     * wrong password at login) there is nothing to end.
     */
    unauthorized: (state, { payload }: PayloadAction<{ token: string | null }>) =>
      state.token !== null && payload.token === state.token ? signedOut : state,
  },
});

export const {
  sessionStarted,
  profileLoaded,
  tokenRefreshed,
  notificationAcknowledged,
  loggedOut,
  unauthorized,
} = authSlice.actions;
