import type { TPageData } from '@vendo/shared/schemas/page-data';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router-dom';
import { landingShell } from './app/landing-shell';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';
import { PageDataContext } from './lib/page-data';
// The API module plugs its reducer into every store as it loads; the public pages' hooks read it.
import './lib/api';

/**
 * Server rendering of the public first screens (decision 0022), built by `vite build --ssr` into
 * dist/.ssr/ and called by the server (server/src/web/serve-client.ts) for each HTML request.
 * It renders what a visitor's browser renders first, so the browser attaches to the markup
 * (main.tsx: hydrateRoot) instead of drawing it again once the scripts are in:
 * - `/`: the landing shell (app/landing-shell.tsx), as main.tsx renders it for a visitor;
 * - the public app routes below: the app (store, router, routes) signed out.
 * Other paths (the account areas: the server does not know who is signed in) get no markup.
 */
const PUBLIC_APP_PATHS = [
  /^\/login\/?$/i,
  /^\/register(\/[^/]+)?\/?$/i,
  /^\/requestpasswordreset\/?$/i,
  /^\/passwordreset\/[^/]+\/[^/]+\/?$/i,
  /^\/pricelist\/?$/i,
];

const isServerRendered = (path: string): boolean =>
  path === '/' || PUBLIC_APP_PATHS.some((pattern) => pattern.test(path));

// One store for every render: signed out, no server data. Rendering dispatches nothing (the
// queries start in effects, which do not run on the server), so no request changes it.
const store = makeStore({
  auth: { token: null, user: null, isAdmin: false, isCouponVendor: false, notification: null },
});

const toString = async (element: ReactNode): Promise<string> => {
  // Waits for the lazy routes; the result holds no script (the page's scripts load as usual).
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
};

/** The markup for `url` (path and query), or undefined when the page is rendered in the browser. */
export const render = async (url: string, data: TPageData): Promise<string | undefined> => {
  const path = url.split('?')[0] ?? '/';
  if (!isServerRendered(path)) return undefined;
  if (path === '/') {
    return toString(landingShell(() => undefined, data));
  }
  return toString(
    <StrictMode>
      <PageDataContext value={data}>
        <Provider store={store}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Provider>
      </PageDataContext>
    </StrictMode>,
  );
};
