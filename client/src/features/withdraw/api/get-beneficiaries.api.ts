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

/**
 * For the mutations that answer the whole list ({beneficiaryList}): once the server answers, its
 * list replaces the cached one. A failed mutation changes nothing; its caller shows the error.
 */
export const replaceCachedBeneficiaries = async (
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: unknown) => unknown;
    queryFulfilled: Promise<{ data: { beneficiaryList?: unknown } }>;
  },
): Promise<void> => {
  try {
    const { data } = await queryFulfilled;
    if (!Array.isArray(data.beneficiaryList)) return;
    dispatch(
      getBeneficiariesApi.util.upsertQueryData(
        'getBeneficiaries',
        undefined,
        data.beneficiaryList as TBeneficiary[],
      ),
    );
  } catch {
    // The caller shows the error.
  }
};
