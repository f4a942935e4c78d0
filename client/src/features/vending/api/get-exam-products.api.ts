import type { TExamProductsResponse } from '@vendo/shared/schemas/bills.responses';
import { api } from '@/lib/api';

/** GET /exam/products: the exam PINs on sale, priced per PIN for the caller's tier. */
const getExamProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExamProducts: build.query<TExamProductsResponse, undefined>({
      query: () => ({ url: '/exam/products' }),
      // The product select says it is loading; the page stays usable.
      extraOptions: { silent: true },
      keepUnusedDataFor: 30,
      providesTags: ['Plans'],
    }),
  }),
});

export const { useGetExamProductsQuery } = getExamProductsApi;
