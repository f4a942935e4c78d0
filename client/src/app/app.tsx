import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PageDataContext, readPageData } from '@/lib/page-data';
import { AppRoutes, preloadPage } from './router';
import { store } from './store';

/**
 * The page's code is awaited before the first render for at most this long: on a network that
 * stalls, the layout and its spinner are better than a blank page.
 */
const PRELOAD_WAIT_MS = 1500;

const pageLoaded = (signedIn: boolean) =>
  Promise.race([
    preloadPage(window.location.pathname, signedIn),
    new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
  ]);

const app = (): ReactNode => (
  <StrictMode>
    <PageDataContext value={readPageData()}>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </PageDataContext>
  </StrictMode>
);

/**
 * The app: store, router and routes (a chunk of its own: a visitor's first load of / does
 * without it, see landing-shell.tsx). Rendered at the address the browser is at.
 */
export const renderApp = async (root: Root): Promise<void> => {
  const signedIn = Boolean(store.getState().auth.token);
  // Checking a stored session needs the API client, which is not in this chunk.
  if (signedIn) {
    void import('./restore-session').then(({ restoreSession }) => restoreSession(store));
  }
  await pageLoaded(signedIn);
  root.render(app());
};

/**
 * The app over the markup the server rendered for a visitor (src/entry-server.tsx, decision
 * 0022): React attaches to it instead of drawing the page again. Only without a stored session:
 * the server renders every page as a visitor sees it.
 */
export const hydrateApp = async (
  container: HTMLElement,
  onRecoverableError: (error: unknown) => void,
): Promise<Root> => {
  await pageLoaded(false);
  return hydrateRoot(container, app(), { onRecoverableError });
};
