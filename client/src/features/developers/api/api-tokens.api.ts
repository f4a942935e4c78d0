import type { TCreateApiTokenRequest } from '@vendo/shared/schemas/api-tokens';
import type {
  TApiTokenCreatedResponse,
  TApiTokenListResponse,
  TApiTokenRevokedResponse,
} from '@vendo/shared/schemas/api-tokens.responses';
import { api } from '@/lib/api';

/**
 * GET/POST /auth/apiTokens and DELETE /auth/apiTokens/:id: the caller's API tokens. The secret
 * comes only in the create answer; it is shown once and never cached in a query.
 */
const apiTokensApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiTokens: build.query<TApiTokenListResponse, undefined>({
      query: () => ({ url: '/auth/apiTokens' }),
      // A section of the account page: it shows its own loading line, not the overlay.
      extraOptions: { silent: true },
      providesTags: ['ApiTokens'],
    }),
    createApiToken: build.mutation<TApiTokenCreatedResponse, TCreateApiTokenRequest>({
      query: (body) => ({ url: '/auth/apiTokens', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Creating token...' },
      invalidatesTags: ['ApiTokens'],
    }),
    revokeApiToken: build.mutation<TApiTokenRevokedResponse, string>({
      query: (id) => ({ url: `/auth/apiTokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: { loadingText: 'Revoking token...' },
      invalidatesTags: ['ApiTokens'],
    }),
  }),
});

export const { useGetApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } =
  apiTokensApi;
