import type { TEpinProductsResponse } from '@vendo/shared/schemas/epin';
import { api } from '@/lib/api';

/**
 * GET /epin/products: the recharge cards on sale now (network and face value), priced per card
 * for the caller's tier. A paused network or a value the supplier does not stock is not listed.
 */
const getEpinProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEpinProducts: build.query<TEpinProductsResponse, undefined>({
      query: () => ({ url: '/epin/products' }),
      // The card values say they are loading; the page stays usable.
      extraOptions: { silent: true },
      keepUnusedDataFor: 30,
      providesTags: ['Plans'],
    }),
  }),
});

export const { useGetEpinProductsQuery } = getEpinProductsApi;
