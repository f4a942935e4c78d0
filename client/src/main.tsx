import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { store } from './app/store';
import './styles/global.css';

// Checking a stored session needs the API client, which is not in the landing bundle.
if (store.getState().auth.token) {
  void import('./app/restore-session').then(({ restoreSession }) => restoreSession(store));
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
