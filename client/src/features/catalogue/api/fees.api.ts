import type { TFeesRequest } from '@vendo/shared/schemas/funding';
import type { TFeesResponse } from '@vendo/shared/schemas/funding.responses';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/** GET and POST /admin/fees: the funding fees in percent (admins); GET /site shows them too. */
const feesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFees: build.query<TFeesResponse, undefined>({
      query: () => ({ url: '/admin/fees' }),
      extraOptions: { silent: true },
      providesTags: ['Fees'],
    }),
    setFees: build.mutation<TMsgResponse, TFeesRequest>({
      query: (body) => ({ url: '/admin/fees', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving fees...' },
      invalidatesTags: ['Fees', 'Site'],
    }),
  }),
});

export const { useGetFeesQuery, useSetFeesMutation } = feesApi;
