import type { TNetwork } from '@vendo/shared/constants';
import type { TPlansResponse } from '@vendo/shared/schemas/catalogue';
import { api } from '@/lib/api';

/** POST /prices {network}: the network's available plans, priced for the caller's tier. */
const getPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<TPlansResponse, TNetwork>({
      query: (network) => ({ url: '/prices', method: 'POST', data: { network } }),
      // The plan select says it is loading; the page stays usable.
      extraOptions: { silent: true },
      keepUnusedDataFor: 30,
      providesTags: ['Plans'],
    }),
  }),
});

export const { useGetPlansQuery } = getPlansApi;
