import type {
  TCostPriceListResponse,
  TCostPriceRequest,
} from '@vendo/shared/schemas/catalogue-admin';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/**
 * GET and POST /admin/costPrice: each network's cost per GB (admins). Plans without a cost of
 * their own use it, so a change moves their margins: the plan lists are refreshed too.
 */
const costPricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCostPrices: build.query<TCostPriceListResponse, undefined>({
      query: () => ({ url: '/admin/costPrice' }),
      extraOptions: { silent: true },
      providesTags: ['CostPrices'],
    }),
    setCostPrice: build.mutation<TMsgResponse, TCostPriceRequest>({
      query: (body) => ({ url: '/admin/costPrice', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving cost price...' },
      invalidatesTags: ['CostPrices', 'Plans', 'PlanHistory'],
    }),
  }),
});

export const { useGetCostPricesQuery, useSetCostPriceMutation } = costPricesApi;
