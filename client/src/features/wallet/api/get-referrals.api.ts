import type { TReferralsResponse } from '@vendo/shared/schemas/wallet.responses';
import { api } from '@/lib/api';

/** GET /auth/referral?page: one page of referrals and the earnings totals (naira). */
const getReferralsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReferrals: build.query<TReferralsResponse, number>({
      query: (page) => ({ url: '/auth/referral', params: { page } }),
      extraOptions: { loadingText: 'Loading your earnings...' },
      providesTags: ['Earnings'],
    }),
  }),
});

export const { useGetReferralsQuery } = getReferralsApi;
