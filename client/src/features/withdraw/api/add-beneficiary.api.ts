import { api } from '@/lib/api';
import type { TAccountLookup } from './validate-account.api';
import { replaceCachedBeneficiaries, type TBeneficiary } from './get-beneficiaries.api';

export type TAddBeneficiaryAnswer = { msg: string; beneficiaryList: TBeneficiary[] };

/**
 * POST /withdraw/beneficiary {bankCode, accountNumber} → 201 {msg, beneficiaryList}. The server
 * looks the account up itself; the answer's list replaces the cached one.
 */
const addBeneficiaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    addBeneficiary: build.mutation<TAddBeneficiaryAnswer, TAccountLookup>({
      query: (body) => ({ url: '/withdraw/beneficiary', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Adding the beneficiary...' },
      onQueryStarted: replaceCachedBeneficiaries,
    }),
  }),
});

export const { useAddBeneficiaryMutation } = addBeneficiaryApi;
