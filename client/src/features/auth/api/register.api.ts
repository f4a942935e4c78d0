import type { TRegisterRequest } from '@vendo/shared/schemas/auth';
import { sessionStarted, type TSessionPayload } from '@/app/slices/auth.slice';
import { api } from '@/lib/api';

/** POST /auth/register: answers like login (201) and starts the session. */
const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<TSessionPayload, TRegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Creating your account...' },
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

export const { useRegisterMutation } = registerApi;
