import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseForProcesses, startServerProcess } from '../test/helpers/server-process.ts';

/**
 * Behind a balancer: an idle kept-alive connection is kept longer than a balancer keeps its own
 * (60 s is usual), so the balancer is the one that closes it. Run on a real `src/main.ts` process.
 */
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const database = await databaseForProcesses();
  cleanup = database.cleanup;
  env = { ...database.env, LOG_LEVEL: 'warn' };
});
afterAll(async () => {
  await cleanup?.();
});

/** GET on the agent's connection; answers the status and whether an idle connection was reused. */
const get = (agent: http.Agent, url: string) =>
  new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.once('error', reject);
  });

describe('kept-alive connections', () => {
  it('are still open after 6 s idle (longer than the 5 s Node keeps them by default)', async () => {
    const server = await startServerProcess(env);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, `${server.url}/livez`)).toEqual({ status: 200, reused: false });
      await sleep(6000);
      expect(await get(agent, `${server.url}/livez`)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);
});
