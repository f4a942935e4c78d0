import type { Dispatch } from '@reduxjs/toolkit';
import { loggedOut } from './auth.slice';
import { httpClient } from './http-client';

/**
 * Logout from the menu (spec §4): the server is asked to revoke the token (POST /auth/logout),
 * so a copy of it stops working too, and the session here ends at once whatever the server
 * answers, or if it cannot be reached (best effort: the token expires on its own anyway).
 */
export const logOut = (dispatch: Dispatch, token: string | null): void => {
  if (token) {
    void httpClient
      .post('/auth/logout', undefined, { headers: { 'x-auth-token': token } })
      .catch(() => undefined);
  }
  dispatch(loggedOut());
};
