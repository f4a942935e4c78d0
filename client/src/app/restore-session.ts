import { isTokenValidApi } from '@/features/auth/api/is-token-valid.api';
import { profileApi } from '@/lib/profile.api';
import { isQueryError } from '@/lib/api-error';
import { loggedOut } from '@/lib/auth.slice';
import type { AppStore } from './store';

/**
 * On start with a stored token, check it; if valid fetch the profile, otherwise log out
 * (docs/product-rules.md#sessions). When the server cannot be reached the stored session stays,
 * and the next call decides.
 */
export const restoreSession = async (store: AppStore): Promise<void> => {
  const token = store.getState().auth.token;
  if (!token) return;

  const check = await store.dispatch(isTokenValidApi.endpoints.isTokenValid.initiate(undefined));
  if (store.getState().auth.token !== token) return; // a 401 already logged out
  if ('error' in check) {
    // Only an answer about the token ends the session; no answer or a 5xx says nothing about it.
    const { error } = check;
    if (isQueryError(error) && error.status !== null && error.status < 500) {
      store.dispatch(loggedOut());
    }
    return;
  }
  if (!check.data.valid) {
    store.dispatch(loggedOut());
    return;
  }

  const profile = store.dispatch(
    profileApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true }),
  );
  await profile;
  profile.unsubscribe();
};
