import { api } from '@/lib/api';

/** A balance-check code (spec §9), admin-editable data. */
export type TUssdCode = { id: number; category: 'data' | 'airtime'; label: string; code: string };

/** GET /ussd: the balance-check codes per network. */
const getUssdCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUssdCodes: build.query<{ ussdCodes: TUssdCode[] }, undefined>({
      query: () => ({ url: '/ussd' }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetUssdCodesQuery } = getUssdCodesApi;
