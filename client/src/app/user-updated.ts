import type { TUser } from '@vendo/shared/schemas/user';
import type { AppDispatch, RootState } from './store';
import { profileLoaded } from './slices/auth.slice';

/**
 * Replaces the signed-in user with one a call answered (upgrade, KYC, earnings withdrawal),
 * keeping the plans and recent transactions. It goes through `profileLoaded` rather than a new
 * reducer so the landing bundle, which holds the auth slice, does not grow. Only lazy chunks
 * import this module.
 */
export const userUpdated =
  (user: TUser) =>
  (dispatch: AppDispatch, getState: () => RootState): void => {
    const { auth, plans, transactions } = getState();
    if (!auth.user) return;
    dispatch(
      profileLoaded({
        user,
        isAdmin: auth.isAdmin,
        isCouponVendor: auth.isCouponVendor,
        notification: auth.notification,
        subscriptionPlans: plans.lists,
        transactions: transactions.recent,
      }),
    );
  };
