import type { TWithdrawEarningResponse } from '@vendo/shared/schemas/wallet.responses';
import { api, MONEY_MOVED } from '@/lib/api';

/** POST /auth/withdrawEarning {}: the whole earnings balance moves to the main wallet. */
const withdrawEarningApi = api.injectEndpoints({
  endpoints: (build) => ({
    withdrawEarning: build.mutation<TWithdrawEarningResponse, undefined>({
      query: () => ({ url: '/auth/withdrawEarning', method: 'POST', data: {} }),
      extraOptions: { loadingText: 'Moving your earnings...' },
      invalidatesTags: ['Earnings', ...MONEY_MOVED],
    }),
  }),
});

export const { useWithdrawEarningMutation } = withdrawEarningApi;
