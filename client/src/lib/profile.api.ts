import type { TProfileResponse } from '@vendo/shared/schemas/auth.responses';
import { api } from './api';
import { profileLoaded } from './auth.slice';

/**
 * GET /auth: the signed-in user (with the wallet balance), the data plans priced for them and
 * their recent transactions. Every screen that shows one of these reads it here, and the calls
 * that change them invalidate its tags, so it is fetched again while a screen shows it.
 * In lib/ because many features and the shared WalletBalance read it.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<TProfileResponse, undefined>({
      query: () => ({ url: '/auth' }),
      extraOptions: { silent: true },
      providesTags: ['Profile', 'Wallet', 'Transactions', 'Plans'],
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          // The stored session (who is signed in, roles, notification) follows the server.
          dispatch(profileLoaded(data));
        } catch {
          // A 401 already logged out; other failures keep what is shown.
        }
      },
    }),
  }),
});

export const { useGetProfileQuery } = profileApi;

/** The wallet balance in naira as GET /auth last answered; undefined until it has. */
export const useWalletBalance = (): number | undefined =>
  useGetProfileQuery(undefined, {
    selectFromResult: ({ data }) => ({ balance: data?.user.balance }),
  }).balance;
