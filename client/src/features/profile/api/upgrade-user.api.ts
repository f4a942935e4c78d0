import type { TUser } from '@vendo/shared/schemas/user';
import type { AppDispatch } from '@/app/store';
import { userUpdated } from '@/app/user-updated';
import { api } from '@/lib/api';

export type TUserAnswer = { msg: string; user: TUser };

/**
 * PATCH /auth/user/{own _id} {userType: 'reseller'}: the one-time ₦1,000 upgrade. The answer's
 * user (new tier and balance) replaces the session's. 400 'Insufficient balance', 409 'You are
 * already a reseller'.
 */
const upgradeUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    upgradeUser: build.mutation<TUserAnswer, { id: string }>({
      query: ({ id }) => ({
        url: `/auth/user/${encodeURIComponent(id)}`,
        method: 'PATCH',
        data: { userType: 'reseller' },
      }),
      extraOptions: { loadingText: 'Upgrading your account...' },
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          (dispatch as AppDispatch)(userUpdated(data.user));
        } catch {
          // The card shows the error.
        }
      },
    }),
  }),
});

export const { useUpgradeUserMutation } = upgradeUserApi;
