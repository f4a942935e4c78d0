import type { TTokenValidResponse } from '@vendo/shared/schemas/auth.responses';
import { api } from '@/lib/api';

/** POST /auth/isTokenValid: checks the stored token (sent in the header) on start. */
export const isTokenValidApi = api.injectEndpoints({
  endpoints: (build) => ({
    isTokenValid: build.mutation<TTokenValidResponse, undefined>({
      query: () => ({ url: '/auth/isTokenValid', method: 'POST' }),
    }),
  }),
});
