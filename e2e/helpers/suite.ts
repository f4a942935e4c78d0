import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A journey file's app and browser: the real server (as `npm start` runs it) and Chromium,
 * started together before the file's tests and stopped after them. Read `app.server` and
 * `app.browser` inside tests and hooks (they are set once `beforeAll` has run).
 */
export const appAndBrowser = (env: Record<string, string> = {}) => {
  const app = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [app.server, app.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
};
