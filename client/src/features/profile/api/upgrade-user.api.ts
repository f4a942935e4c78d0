import type { TUserUpdatedResponse } from '@vendo/shared/schemas/wallet.responses';
import { api, MONEY_MOVED } from '@/lib/api';

/**
 * PATCH /auth/user/{own _id} {userType: 'reseller'}: the one-time ₦1,000 upgrade. The tier
 * (and with it the plan prices) and the balance change. 400 'Insufficient balance', 409 'You are
 * already a reseller'.
 */
const upgradeUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    upgradeUser: build.mutation<TUserUpdatedResponse, { id: string }>({
      query: ({ id }) => ({
        url: `/auth/user/${encodeURIComponent(id)}`,
        method: 'PATCH',
        data: { userType: 'reseller' },
      }),
      extraOptions: { loadingText: 'Upgrading your account...' },
      invalidatesTags: ['Profile', 'Plans', ...MONEY_MOVED],
    }),
  }),
});

export const { useUpgradeUserMutation } = upgradeUserApi;
