import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TPageData } from '@vendo/shared/schemas/page-data';

type TReply = { id?: number; ready?: boolean; markup?: string; error?: string };

/**
 * The server's render of pages (src/entry-server.tsx), done in a worker thread
 * (server-render-worker.mjs): a test can then hydrate the markup with the browser's renderer.
 */
export const startServerRenderer = async () => {
  const worker = new Worker(path.join(import.meta.dirname, 'server-render-worker.mjs'));
  const pending = new Map<number, (reply: TReply) => void>();
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (reply: TReply) => {
      if (reply.ready) resolve();
      else if (reply.id !== undefined) pending.get(reply.id)?.(reply);
    });
  });
  let next = 0;
  return {
    render: (url: string, data: TPageData) =>
      new Promise<string | undefined>((resolve, reject) => {
        const id = (next += 1);
        pending.set(id, (reply) => {
          pending.delete(id);
          if (reply.error) reject(new Error(reply.error));
          else resolve(reply.markup);
        });
        worker.postMessage({ id, url, data });
      }),
    stop: () => worker.terminate(),
  };
};
