import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from './api';

/**
 * POST /auth/logout: the server revokes the session's token, so a copy of it stops working too.
 * The token goes in the request itself: the session here has ended by the time it is sent.
 */
const logoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<TMsgResponse, string>({
      query: (token) => ({
        url: '/auth/logout',
        method: 'POST',
        headers: { 'x-auth-token': token },
      }),
      extraOptions: { silent: true },
    }),
  }),
});

export const { useLogoutMutation } = logoutApi;
