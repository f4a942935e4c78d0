import type { TLoginRequest } from '@vendo/shared/schemas/auth';
import { sessionStarted, type TSessionPayload } from '@/app/slices/auth.slice';
import { api } from '@/lib/api';

/** POST /auth/login: userName may be the username, the e-mail or the business name. */
const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TSessionPayload, TLoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Signing in...' },
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionStarted(data));
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const { useLoginMutation } = loginApi;
