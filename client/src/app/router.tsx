import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '@/features/landing/components/landing-page';
import { lazyPage } from '@/lib/lazy-page';
import { AppLayout } from './app-layout';
import { useAppSelector } from './hooks';

// The landing page is in the main bundle; every other route loads its own chunk on demand.
const LiveSiteFooter = lazyPage(() =>
  import('@/features/landing/components/live-site-footer').then((m) => m.LiveSiteFooter),
);
const LoginPage = lazyPage(() =>
  import('@/features/auth/components/login-page').then((m) => m.LoginPage),
);
const RegisterPage = lazyPage(() =>
  import('@/features/auth/components/register-page').then((m) => m.RegisterPage),
);
const RequestPasswordResetPage = lazyPage(() =>
  import('@/features/auth/components/request-password-reset-page').then(
    (m) => m.RequestPasswordResetPage,
  ),
);
const ResetPasswordPage = lazyPage(() =>
  import('@/features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
const PriceListPage = lazyPage(() =>
  import('@/features/prices/components/price-list-page').then((m) => m.PriceListPage),
);
const DevelopersPage = lazyPage(() =>
  import('@/features/developers/components/developers-page').then((m) => m.DevelopersPage),
);
const NotFoundPage = lazyPage(() =>
  import('@/features/not-found/components/not-found-page').then((m) => m.NotFoundPage),
);
const ProfileRoutes = lazyPage(() => import('./account-routes').then((m) => m.ProfileRoutes));
const AdminRoutes = lazyPage(() => import('./account-routes').then((m) => m.AdminRoutes));

/**
 * The code of the page at `pathname`, fetched before the app's first render (app/app.tsx), so
 * the page paints without a spinner first. The server has preloaded these chunks already
 * (decision 0016: FIRST_SCREENS in vite.config.ts); other pages load as they render.
 */
export const preloadPage = async (pathname: string, signedIn: boolean): Promise<void> => {
  const path = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  if (path === '/login') return LoginPage.preload();
  if (/^\/register(\/[^/]+)?$/.test(path)) return RegisterPage.preload();
  if (path === '/pricelist') return PriceListPage.preload();
  if (path === '/developers') return DevelopersPage.preload();
  if (/^\/profile(\/|$)/.test(path)) {
    await ProfileRoutes.preload();
    return (await import('./account-routes')).preloadAccountPage(path, signedIn);
  }
};

/** The landing page inside the app: the session from the store, the footer through the API. */
const Landing = () => {
  const { token, user } = useAppSelector((state) => state.auth);
  return (
    <LandingPage
      loggedIn={Boolean(token)}
      userName={user?.userName ?? null}
      footer={
        <Suspense fallback={<footer className="site-footer" />}>
          <LiveSiteFooter />
        </Suspense>
      }
    />
  );
};

/**
 * The route table (docs/product-rules.md#screens-and-navigation). Paths match case-insensitively.
 */
export const AppRoutes = () => (
  <Routes>
    <Route element={<AppLayout />}>
      <Route index element={<Landing />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="register/:referralId?" element={<RegisterPage />} />
      <Route path="requestPasswordReset" element={<RequestPasswordResetPage />} />
      <Route path="passwordReset/:token/:userId" element={<ResetPasswordPage />} />
      <Route path="priceList" element={<PriceListPage />} />
      <Route path="developers" element={<DevelopersPage />} />
      <Route path="profile/*" element={<ProfileRoutes />} />
      <Route path="admin/*" element={<AdminRoutes />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </Routes>
);
