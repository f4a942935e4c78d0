import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TAuthResponse } from '@vendo/shared/schemas/auth.responses';
import { sessionStarted } from '@/lib/auth.slice';
import { profileApi } from '@/lib/profile.api';

/**
 * onQueryStarted of login and register: the answer starts the session, and its profile part
 * (user, plans, recent transactions) fills the GET /auth cache, so the dashboard shows at once.
 */
export const startSession = async (
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: Dispatch<UnknownAction>;
    queryFulfilled: Promise<{ data: TAuthResponse }>;
  },
): Promise<void> => {
  let answer: TAuthResponse;
  try {
    answer = (await queryFulfilled).data;
  } catch {
    return; // The form shows the error.
  }
  const { token: _token, ...profile } = answer;
  dispatch(sessionStarted(answer));
  dispatch(
    profileApi.util.upsertQueryEntries([
      { endpointName: 'getProfile', arg: undefined, value: profile },
    ]),
  );
};
