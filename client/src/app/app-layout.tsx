import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/components/layout/error-boundary';
import { LoadingOverlay } from '@/components/layout/loading-overlay';
import { RouteAnnouncer } from '@/components/layout/route-announcer';
import { SkipLink } from '@/components/layout/skip-link';
import { LinkContext, type TRenderLink } from '@/components/ui/app-link';
import { PageSpinner } from '@/components/ui/spinner';
import { lazyPage } from '@/lib/lazy-page';

// Not needed for the first paint, and they pull in axios, RTK Query and react-toastify.
const Toasts = lazyPage(() => import('@/components/layout/toasts').then((m) => m.Toasts));
const ChatButton = lazyPage(() =>
  import('@/components/layout/chat-button').then((m) => m.ChatButton),
);

const routerLink: TRenderLink = (props) => <Link {...props} />;

/**
 * Wraps every route: the skip link, error boundary, toasts, the loading overlay, the chat button and the
 * announcement of a new page (focus to its heading); the
 * landing page's links (components/ui/app-link.tsx) are the router's here.
 */
export const AppLayout = () => {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <LinkContext.Provider value={routerLink}>
      <SkipLink />
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <Suspense fallback={null}>
        <ChatButton />
        <Toasts />
      </Suspense>
      <LoadingOverlay />
      <RouteAnnouncer />
    </LinkContext.Provider>
  );
};
