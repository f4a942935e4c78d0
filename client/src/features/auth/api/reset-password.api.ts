import type { TResetPasswordRequest } from '@vendo/shared/schemas/auth';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/** POST /auth/resetpassword with the token and userId from the e-mailed link. */
const resetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    resetPassword: build.mutation<TMsgResponse, TResetPasswordRequest>({
      query: (body) => ({ url: '/auth/resetpassword', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving new password...' },
    }),
  }),
});

export const { useResetPasswordMutation } = resetPasswordApi;
