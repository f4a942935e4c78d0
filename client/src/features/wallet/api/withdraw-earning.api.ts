import { userUpdated } from '@/app/user-updated';
import type { AppDispatch, RootState } from '@/app/store';
import { api } from '@/lib/api';

export type TWithdrawEarningAnswer = { msg: string; balance: number; earningBalance: number };

/** POST /auth/withdrawEarning {}: the whole earnings balance moves to the main wallet. */
const withdrawEarningApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdrawEarning: build.mutation<TWithdrawEarningAnswer, undefined>({
      query: () => ({ url: '/auth/withdrawEarning', method: 'POST', data: {} }),
      extraOptions: { loadingText: 'Moving your earnings...' },
      onQueryStarted: async (_arg, { dispatch, getState, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          const user = (getState() as RootState).auth.user;
          if (!user) return;
          (dispatch as AppDispatch)(
            userUpdated({ ...user, balance: data.balance, earningBalance: data.earningBalance }),
          );
        } catch {
          // The page shows the error.
        }
      },
    }),
  }),
});

export const { useWithdrawEarningMutation } = withdrawEarningApi;
