import { profileLoaded, type TProfilePayload } from '@/app/slices/auth.slice';
import { api } from '@/lib/api';

/** GET /auth: the profile, plans and recent transactions; refreshes the session slices. */
export const getProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<TProfilePayload, undefined>({
      query: () => ({ url: '/auth' }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileLoaded(data));
        } catch {
          // A 401 already logged out; other failures keep what is shown.
        }
      },
    }),
  }),
});

export const { useGetProfileQuery } = getProfileApi;
