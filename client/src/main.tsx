import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type * as AppModule from './app/app';
import { LandingShell } from './app/landing-shell';
import { readStoredSession } from './lib/session-storage';
import './styles/global.css';

// Decision 0016. A visitor opening / gets the landing page from this bundle alone (React and the
// landing shell); the app (router, store, layout: app/app.tsx) loads when they follow a link, or
// after the page is idle. Any other first load, or a signed-in user, starts the app at once;
// the server's page preloads its chunk and the route's (server/src/web/serve-client.ts).
const root = createRoot(document.getElementById('root')!);

let app: Promise<typeof AppModule> | undefined;
const loadApp = () => (app ??= import('./app/app'));
let started = false;
const startApp = (onFailure: () => void) => {
  if (started) return;
  started = true;
  loadApp().then(({ renderApp }) => renderApp(root), onFailure);
};

if (window.location.pathname === '/' && !readStoredSession().token) {
  root.render(
    <StrictMode>
      <LandingShell
        navigate={(to) => {
          window.history.pushState(null, '', to);
          // Should the app's chunk not load, the browser asks the server for that page instead.
          startApp(() => window.location.reload());
        }}
      />
    </StrictMode>,
  );
  // Once the page has loaded and is idle, fetch the app so the first click is quick.
  const prefetch = () => void loadApp().catch(() => undefined);
  window.addEventListener('load', () =>
    'requestIdleCallback' in window ? requestIdleCallback(prefetch) : setTimeout(prefetch, 1000),
  );
} else {
  startApp(() => {
    document.getElementById('root')!.textContent =
      'Vendo could not load. Check your connection and reload the page.';
  });
}
