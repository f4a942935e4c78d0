import { api } from '@/lib/api';

/** The account a transfer goes to: its name and userName, never its e-mail. */
export type TValidatedUser = { name: string; userName: string; msg?: string };

/** GET /auth/validateUser/{userName}; 404 'User not found'. */
const validateUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateUser: build.mutation<TValidatedUser, string>({
      query: (userName) => ({ url: `/auth/validateUser/${encodeURIComponent(userName)}` }),
      extraOptions: { loadingText: 'Checking the account...' },
    }),
  }),
});

export const { useValidateUserMutation } = validateUserApi;
