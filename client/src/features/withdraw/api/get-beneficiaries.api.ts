import { api } from '@/lib/api';

export type TBeneficiary = {
  _id: string;
  accountName: string;
  accountNumber: string;
  bankName: string;
  bankCode: string;
};

/** GET /withdraw/beneficiary → {beneficiaryList}: the accounts the user can withdraw to. */
export const getBeneficiariesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBeneficiaries: build.query<TBeneficiary[], undefined>({
      query: () => ({ url: '/withdraw/beneficiary' }),
      transformResponse: (answer: { beneficiaryList?: TBeneficiary[] }) =>
        answer.beneficiaryList ?? [],
      extraOptions: { silent: true },
    }),
  }),
});

export const { useGetBeneficiariesQuery } = getBeneficiariesApi;
