import { api } from '@/lib/api';

export type TReferral = { userName: string; amountEarned: number };

/** GET /auth/referral?page: one page of referrals and the earnings totals (naira). */
export type TReferralsAnswer = {
  referralList: TReferral[];
  earningBalance: number;
  totalReferred: number;
  totalEarned: number;
  withdrawn: number;
  totalPages: number;
};

export const getReferralsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReferrals: build.query<TReferralsAnswer, number>({
      query: (page) => ({ url: '/auth/referral', params: { page } }),
      extraOptions: { loadingText: 'Loading your earnings...' },
    }),
  }),
});

export const { useGetReferralsQuery } = getReferralsApi;
