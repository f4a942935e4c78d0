import type {
  TBeneficiary,
  TBeneficiaryListResponse,
} from '@vendo/shared/schemas/withdraw.responses';
import { api } from '@/lib/api';

/** GET /withdraw/beneficiary → {beneficiaryList}: the accounts the user can withdraw to. */
const getBeneficiariesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBeneficiaries: build.query<TBeneficiary[], undefined>({
      query: () => ({ url: '/withdraw/beneficiary' }),
      transformResponse: (answer: Partial<TBeneficiaryListResponse>) =>
        answer.beneficiaryList ?? [],
      extraOptions: { silent: true },
      providesTags: ['Beneficiaries'],
    }),
  }),
});

export const { useGetBeneficiariesQuery } = getBeneficiariesApi;
