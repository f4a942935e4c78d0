import { api } from '@/lib/api';

export type TBank = { bankName: string; bankCode: string };

/** GET /withdraw/bankCodes → {banks}: the NIP bank list, shipped with the server as data. */
const getBankCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBankCodes: build.query<TBank[], undefined>({
      query: () => ({ url: '/withdraw/bankCodes' }),
      transformResponse: (answer: { banks?: TBank[] }) => answer.banks ?? [],
      extraOptions: { silent: true },
      // The list changes with a server release at most.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetBankCodesQuery } = getBankCodesApi;
