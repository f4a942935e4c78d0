import type { TLoginRequest } from '@vendo/shared/schemas/auth';
import type { TAuthResponse } from '@vendo/shared/schemas/auth.responses';
import { api } from '@/lib/api';
import { startSession } from './start-session';

/** POST /auth/login: userName may be the username, the e-mail or the business name. */
const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TAuthResponse, TLoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Signing in...' },
      onQueryStarted: startSession,
    }),
  }),
});

export const { useLoginMutation } = loginApi;
