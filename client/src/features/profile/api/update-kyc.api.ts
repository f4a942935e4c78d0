import type { TKycRequest } from '@vendo/shared/schemas/wallet';
import type { TUserUpdatedResponse } from '@vendo/shared/schemas/wallet.responses';
import { api } from '@/lib/api';

/**
 * POST /auth/updateKyc {nin} or {bvn} (11 digits). The profile then carries the number masked
 * (last digits only), which the account page shows.
 */
const updateKycApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateKyc: build.mutation<TUserUpdatedResponse, TKycRequest>({
      query: (body) => ({ url: '/auth/updateKyc', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving...' },
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useUpdateKycMutation } = updateKycApi;
