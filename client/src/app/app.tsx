import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PageDataContext, readPageData } from '@/lib/page-data';
import { AppRoutes } from './router';
import { store } from './store';

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
export const renderApp = (root: Root): void => {
  // Checking a stored session needs the API client, which is not in this chunk.
  if (store.getState().auth.token) {
    void import('./restore-session').then(({ restoreSession }) => restoreSession(store));
  }
  root.render(app());
};

/**
 * The app over the markup the server rendered for a visitor (src/entry-server.tsx, decision
 * 0022): React attaches to it instead of drawing the page again. Only without a stored session:
 * the server renders every page as a visitor sees it.
 */
export const hydrateApp = (container: HTMLElement, onRecoverableError: (error: unknown) => void) =>
  hydrateRoot(container, app(), { onRecoverableError });
