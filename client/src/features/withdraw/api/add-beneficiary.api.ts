import { api } from '@/lib/api';
import type { TAccountLookup } from './validate-account.api';
import { getBeneficiariesApi, type TBeneficiary } from './get-beneficiaries.api';

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
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          if (!Array.isArray(data.beneficiaryList)) return;
          dispatch(
            getBeneficiariesApi.util.upsertQueryData(
              'getBeneficiaries',
              undefined,
              data.beneficiaryList,
            ),
          );
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const { useAddBeneficiaryMutation } = addBeneficiaryApi;
