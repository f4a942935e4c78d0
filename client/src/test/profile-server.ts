import type { TAuthResponse, TProfileResponse } from '@vendo/shared/schemas/auth.responses';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import type { TUser } from '@vendo/shared/schemas/user';
import type { AppStore } from '@/app/store';
import { profileApi } from '@/lib/profile.api';
import { profileOf } from './factories';
import type { TRecordedRequest, TRoute } from './http-stub';

/**
 * The signed-in user's side of the server in a test: `route` answers GET /auth with the profile
 * as it is now, and the stubbed calls that change it on the server (a purchase, a transfer …)
 * call `moved` or `changed`, as the real server would. The client never edits it.
 */
export const profileServer = (session: TAuthResponse) => {
  let profile: TProfileResponse = profileOf(session);
  /** Money moved: the wallet's new balance, and its receipt first when there is one. */
  const moved = (balance: number, receipt?: TTransaction) => {
    profile = {
      ...profile,
      user: { ...profile.user, balance },
      transactions: receipt ? [receipt, ...profile.transactions] : profile.transactions,
    };
  };
  return {
    route: () => ({ status: 200, data: profile }),
    moved,
    /**
     * Stubbed routes whose answers carry the wallet's balance (and receipt) after the call, as
     * purchases, transfers and withdrawals do, or the user after it (upgrade, KYC): each such
     * answer also becomes the server's state.
     */
    moving: (routes: Record<string, TRoute>): Record<string, TRoute> =>
      Object.fromEntries(
        Object.entries(routes).map(([key, route]) => [
          key,
          (request: TRecordedRequest) => {
            const reply = typeof route === 'function' ? route(request) : route;
            const body = reply === 'network-error' ? null : (reply.data as Record<string, unknown>);
            if (typeof body?.user === 'object' && body.user !== null) {
              profile = { ...profile, user: body.user as TUser };
            }
            if (typeof body?.balance === 'number') {
              moved(body.balance, body.receipt as TTransaction | undefined);
            }
            return reply;
          },
        ]),
      ),
    /** The user changed on the server (tier, KYC, earnings …). */
    changed: (changes: Partial<TUser>) => {
      profile = { ...profile, user: { ...profile.user, ...changes } };
    },
  };
};

/** The GET /auth answer in the store's RTK Query cache (what every screen shows), if any. */
export const cachedProfile = (store: AppStore): TProfileResponse | undefined =>
  profileApi.endpoints.getProfile.select(undefined)(
    store.getState() as Parameters<ReturnType<typeof profileApi.endpoints.getProfile.select>>[0],
  ).data;
