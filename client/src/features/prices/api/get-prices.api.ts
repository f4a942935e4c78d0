import type { TPriceListResponse } from '@vendo/shared/schemas/catalogue';
import { api } from '@/lib/api';

/** GET /prices: the public price list. */
const getPricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrices: build.query<TPriceListResponse, undefined>({
      query: () => ({ url: '/prices' }),
      extraOptions: { loadingText: 'Loading prices...' },
      providesTags: ['Prices'],
    }),
  }),
});

export const { useGetPricesQuery } = getPricesApi;
