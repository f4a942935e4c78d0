import type { TBank, TBankCodesResponse } from '@vendo/shared/schemas/withdraw.responses';
import { api } from '@/lib/api';

/** GET /withdraw/bankCodes → {banks}: the NIP bank list, shipped with the server as data. */
const getBankCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBankCodes: build.query<TBank[], undefined>({
      query: () => ({ url: '/withdraw/bankCodes' }),
      transformResponse: (answer: Partial<TBankCodesResponse>) => answer.banks ?? [],
      extraOptions: { silent: true },
      // The list changes with a server release at most.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetBankCodesQuery } = getBankCodesApi;
