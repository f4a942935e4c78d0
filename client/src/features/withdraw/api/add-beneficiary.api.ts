import type { TBankAccountRequest } from '@vendo/shared/schemas/withdraw';
import type { TBeneficiaryChangedResponse } from '@vendo/shared/schemas/withdraw.responses';
import { api } from '@/lib/api';

/**
 * POST /withdraw/beneficiary {bankCode, accountNumber} → 201 {msg, beneficiaryList}. The server
 * looks the account up itself; the list is fetched again.
 */
const addBeneficiaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    addBeneficiary: build.mutation<TBeneficiaryChangedResponse, TBankAccountRequest>({
      query: (body) => ({ url: '/withdraw/beneficiary', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Adding the beneficiary...' },
      invalidatesTags: ['Beneficiaries'],
    }),
  }),
});

export const { useAddBeneficiaryMutation } = addBeneficiaryApi;
