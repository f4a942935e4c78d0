import type { TRegisterRequest } from '@vendo/shared/schemas/auth';
import type { TAuthResponse } from '@vendo/shared/schemas/auth.responses';
import { api } from '@/lib/api';
import { startSession } from './start-session';

/** POST /auth/register: answers like login (201) and starts the session. */
const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<TAuthResponse, TRegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Creating your account...' },
      onQueryStarted: startSession,
    }),
  }),
});

export const { useRegisterMutation } = registerApi;
