import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { processEnvironment, startServerProcess } from '../test/helpers/server-process.ts';

/**
 * SIGTERM as a deployment sends it (a new release, a scale-down): the process stops taking work
 * but finishes what it started. Run on a real `src/main.ts` process.
 */
const env = processEnvironment({
  SEED_DEMO: 'true',
  LOG_LEVEL: 'info',
  // The slow trigger (3333) answers "successful" after 2.5 s, inside the 6 s timeout.
  SUPPLIER_TIMEOUT_MS: '6000',
  SANDBOX_SLOW_MS: '2500',
  RECONCILE_INTERVAL_MS: '200',
});

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    body: JSON.stringify(body),
  });

describe('SIGTERM', () => {
  it('refuses new connections, finishes the requests it had, stops its loops, then exits 0', async () => {
    const server = await startServerProcess(env());
    const login = await post(`${server.url}/api/v1/auth/login`, {
      userName: 'demo_reseller',
      password: 'Reseller#2026',
    });
    const { token } = (await login.json()) as { token: string };
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    // A purchase whose supplier takes 2.5 s: in flight when the signal comes.
    const purchase = post(
      `${server.url}/api/v1/buy/airtime`,
      { network: 1, mobile_number: '08031443333', amount: 100 },
      token,
    );
    await sleep(600);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(200);

    // No new connection is taken (a balancer sends it to another process).
    await expect(fetch(`${server.url}/livez`)).rejects.toThrow();

    // The request that started before the signal is answered in full.
    const answer = await purchase;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      msg: 'Transaction successful',
      receipt: { trans_Status: 'success', phone_number: '08031443333' },
    });
    expect(Date.now() - signalled).toBeGreaterThan(1000);

    expect(await server.exited).toBe(0);
    const log = server.output();
    const order = ['shutting down', 'stopped'].map((line) => log.indexOf(`"msg":"${line}"`));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order[0]).toBeLessThan(order[1]!);
    expect(log).not.toContain('forced shutdown');
  });
});
