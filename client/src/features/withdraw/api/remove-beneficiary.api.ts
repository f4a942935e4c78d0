import type { TBeneficiaryChangedResponse } from '@vendo/shared/schemas/withdraw.responses';
import { api } from '@/lib/api';

/**
 * DELETE /withdraw/beneficiary/:id → {msg, beneficiaryList}: removes one of the user's saved
 * accounts; the list is fetched again.
 */
const removeBeneficiaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    removeBeneficiary: build.mutation<TBeneficiaryChangedResponse, string>({
      query: (id) => ({ url: `/withdraw/beneficiary/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: { loadingText: 'Removing the beneficiary...' },
      invalidatesTags: ['Beneficiaries'],
    }),
  }),
});

export const { useRemoveBeneficiaryMutation } = removeBeneficiaryApi;
