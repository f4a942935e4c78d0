// Renders pages with src/entry-server.tsx as the server does, in a thread of its own: React's
// server and browser renderers must not share one JavaScript realm (their context values would
// mix), so a test that hydrates the markup gets it from here (test/server-render.ts).
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { createServer } from 'vite';

const vite = await createServer({
  root: path.join(import.meta.dirname, '../..'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'silent',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { render } = await vite.ssrLoadModule('/src/entry-server.tsx');

parentPort.on('message', async ({ id, url, data }) => {
  try {
    parentPort.postMessage({ id, markup: await render(url, data) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.stack ?? error) });
  }
});
parentPort.postMessage({ ready: true });
