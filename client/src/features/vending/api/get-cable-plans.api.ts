import type { TCableProvider } from '@vendo/shared/constants';
import type { TCablePlansResponse } from '@vendo/shared/schemas/bills.responses';
import { api } from '@/lib/api';

/** GET /cable/plans?provider=: the provider's bouquets, priced for the caller's tier. */
const getCablePlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCablePlans: build.query<TCablePlansResponse, TCableProvider>({
      query: (provider) => ({ url: '/cable/plans', params: { provider } }),
      // The bouquet select says it is loading; the page stays usable.
      extraOptions: { silent: true },
      keepUnusedDataFor: 30,
      providesTags: ['Plans'],
    }),
  }),
});

export const { useGetCablePlansQuery } = getCablePlansApi;
