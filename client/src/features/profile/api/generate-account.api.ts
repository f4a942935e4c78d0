import type { TGenerateAccountRequest } from '@vendo/shared/schemas/funding';
import type { TGenerateAccountResponse } from '@vendo/shared/schemas/funding.responses';
import { api } from '@/lib/api';

/** POST /generateAcc: opens the caller's reserved bank account (PalmPay unless told otherwise). */
const generateAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateAccount: build.mutation<TGenerateAccountResponse, TGenerateAccountRequest>({
      query: (body) => ({ url: '/generateAcc', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Generating account...' },
      // The new account number is part of the profile (GET /auth).
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useGenerateAccountMutation } = generateAccountApi;
