import type { TRoleRequest, TUserListQuery } from '@vendo/shared/schemas/admin';
import type {
  TUserChangedResponse,
  TUserDetailResponse,
  TUserListResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import type { TUserType } from '@vendo/shared/constants';
import { api } from '@/lib/api';

/**
 * The user list and a user's detail, tier, roles and password reset
 * (docs/product-rules.md#staff-screens).
 */
const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<TUserListResponse, TUserListQuery>({
      query: (params) => ({ url: '/admin/users', params }),
      // List failures are silent (docs/product-rules.md#messages); the screen shows its own error
      // state.
      extraOptions: { silent: true },
      providesTags: ['Users'],
    }),
    getUser: build.query<TUserDetailResponse, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}` }),
      extraOptions: { silent: true },
      providesTags: ['Users'],
    }),
    setUserTier: build.mutation<TUserChangedResponse, { userId: string; userType: TUserType }>({
      query: ({ userId, userType }) => ({
        url: `/admin/upgradeUser/${encodeURIComponent(userId)}/${encodeURIComponent(userType)}`,
      }),
      extraOptions: { loadingText: 'Changing the tier...' },
      invalidatesTags: ['Users', 'AdminDashboard'],
    }),
    setRole: build.mutation<TUserChangedResponse, TRoleRequest>({
      query: (body) => ({ url: '/admin/roles', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving the role...' },
      invalidatesTags: ['Users'],
    }),
    resetUserPassword: build.mutation<TMsgResponse, { userId: string }>({
      query: (body) => ({ url: '/admin/resetUserPassword', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Sending the reset link...' },
    }),
  }),
});

export const {
  useGetUsersQuery,
  useGetUserQuery,
  useSetUserTierMutation,
  useSetRoleMutation,
  useResetUserPasswordMutation,
} = adminUsersApi;
