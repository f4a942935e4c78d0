import type { TValidateUserResponse } from '@vendo/shared/schemas/wallet.responses';
import { api } from '@/lib/api';

/** GET /auth/validateUser/{userName}: whom a transfer goes to (never their e-mail); 404 'User not found'. */
const validateUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateUser: build.mutation<TValidateUserResponse, string>({
      query: (userName) => ({ url: `/auth/validateUser/${encodeURIComponent(userName)}` }),
      extraOptions: { loadingText: 'Checking the account...' },
    }),
  }),
});

export const { useValidateUserMutation } = validateUserApi;
