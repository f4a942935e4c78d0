import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import { store } from './store';

/**
 * The app: store, router and routes (a chunk of its own: a visitor's first load of / does
 * without it, see landing-shell.tsx). Rendered at the address the browser is at.
 */
export const renderApp = (root: Root): void => {
  // Checking a stored session needs the API client, which is not in this chunk.
  if (store.getState().auth.token) {
    void import('./restore-session').then(({ restoreSession }) => restoreSession(store));
  }
  root.render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
};
