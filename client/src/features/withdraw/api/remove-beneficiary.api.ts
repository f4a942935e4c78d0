import { api } from '@/lib/api';
import { replaceCachedBeneficiaries, type TBeneficiary } from './get-beneficiaries.api';

export type TRemoveBeneficiaryAnswer = { msg: string; beneficiaryList: TBeneficiary[] };

/**
 * DELETE /withdraw/beneficiary/:id → {msg, beneficiaryList}: removes one of the user's saved
 * accounts; the answer's list replaces the cached one.
 */
const removeBeneficiaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    removeBeneficiary: build.mutation<TRemoveBeneficiaryAnswer, string>({
      query: (id) => ({ url: `/withdraw/beneficiary/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: { loadingText: 'Removing the beneficiary...' },
      onQueryStarted: replaceCachedBeneficiaries,
    }),
  }),
});

export const { useRemoveBeneficiaryMutation } = removeBeneficiaryApi;
