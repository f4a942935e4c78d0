// Global sheets first, so every feature sheet comes after them in the cascade. The server inlines
// this bundle's stylesheet in the pages it renders (/, sign-in, registration, password reset, the
// price list), so their features' sheets are part of it: they paint from the HTML alone.
import './styles/index.css';
import './features/landing/landing.css';
import './features/auth/auth.css';
import './features/prices/prices.css';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type * as AppModule from './app/app';
import { landingShell } from './app/landing-shell';
import { readPageData } from './lib/page-data';
import { readStoredSession } from './lib/session-storage';

// Decision 0016. A visitor opening / gets the landing page from this bundle alone (React and the
// landing shell); the app (router, store, layout: app/app.tsx) loads when they follow a link, or
// after the page is idle. Any other first load, or a signed-in user, starts the app at once;
// the server's page preloads its chunk and the route's (server/src/web/serve-client.ts).
// Decision 0022. The server renders the public pages as a visitor sees them (src/entry-server.tsx)
// and marks the root `data-server-rendered`: a visitor's browser attaches to that markup
// (hydration) rather than drawing it again. A signed-in user's first render differs from the
// visitor's (header, landing page), so theirs replaces the markup, as without it.
const container = document.getElementById('root')!;
const signedIn = Boolean(readStoredSession().token);
const hydrate = container.hasAttribute('data-server-rendered') && !signedIn;

/** A markup mismatch: React drew that part again. Logged, so a check can see it. */
const onRecoverableError = (error: unknown) => console.error('Hydration error', error);

let root: Root | undefined;
const clientRoot = () => (root ??= createRoot(container));

let app: Promise<typeof AppModule> | undefined;
const loadApp = () => (app ??= import('./app/app'));
let started = false;
const startApp = (onFailure: () => void) => {
  if (started) return;
  started = true;
  loadApp().then(async ({ renderApp, hydrateApp }) => {
    if (hydrate && !root) root = await hydrateApp(container, onRecoverableError);
    else await renderApp(clientRoot());
  }, onFailure);
};

if (window.location.pathname === '/' && !signedIn) {
  const shell = landingShell((to) => {
    window.history.pushState(null, '', to);
    // Should the app's chunk not load, the browser asks the server for that page instead.
    startApp(() => window.location.reload());
  }, readPageData());
  if (hydrate) root = hydrateRoot(container, shell, { onRecoverableError });
  else clientRoot().render(shell);
  // Once the page has loaded and is idle, fetch the app so the first click is quick.
  const prefetch = () => void loadApp().catch(() => undefined);
  window.addEventListener('load', () =>
    'requestIdleCallback' in window ? requestIdleCallback(prefetch) : setTimeout(prefetch, 1000),
  );
} else {
  startApp(() => {
    container.removeAttribute('data-server-rendered');
    container.textContent = 'Vendo could not load. Check your connection and reload the page.';
  });
}
