import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TAuthResponse, TProfileResponse } from '@vendo/shared/schemas/auth.responses';
import type { TUser } from '@vendo/shared/schemas/user';
import { apiUnauthorized, purchaseAnswered } from '@/lib/api-events';
import { readStoredSession } from '@/lib/session-storage';

/** A message admins post for every user; shown in a popup until acknowledged. */
export type TNotification = { id: string; msg: string };

/** Login and register answers, plus the current notification. */
export type TSessionPayload = TAuthResponse & { notification?: TNotification | null };
/** GET /auth answer, plus the current notification. */
export type TProfilePayload = TProfileResponse & { notification?: TNotification | null };

export type TAuthState = {
  token: string | null;
  user: TUser | null;
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
    sessionStarted: (_state, { payload }: PayloadAction<TSessionPayload>) => ({
      token: payload.token,
      user: payload.user,
      isAdmin: payload.isAdmin,
      isCouponVendor: payload.isCouponVendor,
      notification: payload.notification ?? null,
    }),
    /** GET /auth answered; the token is unchanged. */
    profileLoaded: (state, { payload }: PayloadAction<TProfilePayload>) => {
      state.user = payload.user;
      state.isAdmin = payload.isAdmin;
      state.isCouponVendor = payload.isCouponVendor;
      state.notification = payload.notification ?? null;
    },
    /** A password change revokes earlier tokens and hands out a new one. */
    tokenRefreshed: (state, { payload }: PayloadAction<string>) => {
      state.token = payload;
    },
    notificationAcknowledged: (state) => {
      state.notification = null;
    },
    loggedOut: () => signedOut,
  },
  extraReducers: (builder) => {
    builder
      .addCase(apiUnauthorized, (state, { payload }) =>
        // A 401 for a token that was already replaced (e.g. after a password change) is stale;
        // without a session (a wrong password at login) there is nothing to end.
        state.token !== null && payload.token === state.token ? signedOut : state,
      )
      // Every purchase answer carries the balance, so a refund shows at once.
      .addCase(purchaseAnswered, (state, { payload }) => {
        if (state.user) state.user.balance = payload.balance;
      });
  },
});

export const {
  sessionStarted,
  profileLoaded,
  tokenRefreshed,
  notificationAcknowledged,
  loggedOut,
} = authSlice.actions;
