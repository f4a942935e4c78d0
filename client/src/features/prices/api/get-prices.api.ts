import type { TPriceListResponse } from '@vendo/shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { TQueryError } from '@/lib/api-error';
import { takePageData } from '@/lib/page-data';

/** GET /prices: the public price list. */
const getPricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrices: build.query<TPriceListResponse, undefined>({
      // /priceList's first answer embeds the list (lib/page-data.ts): no call, no loading state.
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const embedded = takePageData('prices');
        if (embedded) return { data: embedded };
        const result = await baseQuery({ url: '/prices' });
        return result.error
          ? { error: result.error as TQueryError }
          : { data: result.data as TPriceListResponse };
      },
      extraOptions: { loadingText: 'Loading prices...' },
      providesTags: ['Prices'],
    }),
  }),
});

export const { useGetPricesQuery } = getPricesApi;
