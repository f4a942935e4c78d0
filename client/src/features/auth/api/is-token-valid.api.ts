import { api } from '@/lib/api';

/** POST /auth/isTokenValid: checks the stored token (sent in the header) on start. */
export const isTokenValidApi = api.injectEndpoints({
  endpoints: (build) => ({
    isTokenValid: build.mutation<{ valid: boolean }, undefined>({
      query: () => ({ url: '/auth/isTokenValid', method: 'POST' }),
    }),
  }),
});
