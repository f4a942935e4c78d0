import type { TNetwork } from '@vendo/shared/constants';
import type { TPlanListResponse } from '@vendo/shared/schemas/catalogue-admin';
import { api } from '@/lib/api';

/** GET /dataPlan?network=: every live plan of a network with its cost and margins (staff). */
const getManagedPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getManagedPlans: build.query<TPlanListResponse, TNetwork>({
      query: (network) => ({ url: '/dataPlan', params: { network } }),
      extraOptions: { loadingText: 'Loading plans...' },
      // One tag with the buyers' plan lists: whatever changes a plan refreshes both.
      providesTags: ['Plans'],
    }),
  }),
});

export const { useGetManagedPlansQuery } = getManagedPlansApi;
