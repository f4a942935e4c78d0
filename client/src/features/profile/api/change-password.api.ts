import type { TChangePasswordRequest } from '@vendo/shared/schemas/auth';
import type { TChangePasswordResponse } from '@vendo/shared/schemas/auth.responses';
import { tokenRefreshed } from '@/lib/auth.slice';
import { api } from '@/lib/api';

/** POST /auth/changepassword: earlier tokens are revoked, so the answer's token is kept. */
const changePasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<TChangePasswordResponse, TChangePasswordRequest>({
      query: (body) => ({ url: '/auth/changepassword', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Changing password...' },
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(tokenRefreshed(data.token));
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const { useChangePasswordMutation } = changePasswordApi;
