import type { AppDispatch } from '@/app/store';
import { userUpdated } from '@/app/user-updated';
import { api } from '@/lib/api';
import type { TUserAnswer } from './upgrade-user.api';

export type TKycRequest = { nin: string } | { bvn: string };

/**
 * POST /auth/updateKyc {nin} or {bvn} (11 digits). The answer's user carries the number masked
 * (last digits only), which the account page then shows.
 */
const updateKycApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateKyc: build.mutation<TUserAnswer, TKycRequest>({
      query: (body) => ({ url: '/auth/updateKyc', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving...' },
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          (dispatch as AppDispatch)(userUpdated(data.user));
        } catch {
          // The form shows the error.
        }
      },
    }),
  }),
});

export const { useUpdateKycMutation } = updateKycApi;
