import type { TRequestPasswordResetRequest } from '@vendo/shared/schemas/auth';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/** POST /auth/requestPasswordReset: same answer whether or not the e-mail exists. */
const requestPasswordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<TMsgResponse, TRequestPasswordResetRequest>({
      query: (body) => ({ url: '/auth/requestPasswordReset', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Sending reset link...' },
    }),
  }),
});

export const { useRequestPasswordResetMutation } = requestPasswordResetApi;
