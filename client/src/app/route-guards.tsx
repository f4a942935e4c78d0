import { Navigate, Outlet } from 'react-router-dom';
import { lazyPage } from '@/lib/lazy-page';
import { useAppSelector } from './hooks';

/** The login screen shown in place of an account page (exported for preloadAccountPage). */
export const SignInPage = lazyPage(() =>
  import('@/features/auth/components/login-page').then((m) => m.LoginPage),
);

/**
 * Profile and admin areas: without a token the login screen is shown in place
 * (docs/product-rules.md#screens-and-navigation).
 */
export const RequireSession = () => {
  const token = useAppSelector((state) => state.auth.token);
  return token ? <Outlet /> : <SignInPage />;
};

/**
 * 'admin': admins only. 'staff': admins and agents (user list, update price, pending queue).
 * 'couponVendor': admins and coupon vendors (generate coupon).
 */
export type TRequiredRole = 'admin' | 'staff' | 'couponVendor';

/** Admin-only and plan pages send everyone else to /profile. */
export const RequireRole = ({ role }: { role: TRequiredRole }) => {
  const allowed = useAppSelector(({ auth }) => {
    const admin = auth.isAdmin || auth.user?.isAdmin === true;
    if (role === 'admin') return admin;
    if (role === 'couponVendor') return admin || auth.user?.isCouponVendor === true;
    return admin || auth.user?.isAgent === true;
  });
  return allowed ? <Outlet /> : <Navigate to="/profile" replace />;
};
