import type { TUssdCodesResponse } from '@vendo/shared/schemas/catalogue';
import { api } from '@/lib/api';

/** GET /ussd: the balance-check codes per network. */
const getUssdCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUssdCodes: build.query<TUssdCodesResponse, undefined>({
      query: () => ({ url: '/ussd' }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 60 * 60,
      providesTags: ['UssdCodes'],
    }),
  }),
});

export const { useGetUssdCodesQuery } = getUssdCodesApi;
