import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  processEnvironment,
  serverDir,
  startServerProcess,
} from '../../../test/helpers/server-process.ts';

const env = processEnvironment({
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  // The "no answer" trigger (3333) holds its answer for 8 s: long enough to kill the server
  // while the supplier has the order but we do not have its answer.
  SUPPLIER_TIMEOUT_MS: '10000',
  SANDBOX_SLOW_MS: '8000',
  RECONCILE_INTERVAL_MS: '300',
  RECONCILE_RETRY_SECONDS: '1',
  PROCESSING_GRACE_SECONDS: '1',
});

const startServer = () => startServerProcess(env());

const json = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

type Tx = { trans_Type: string; trans_Status: string; phone_number: string; trans_Id: string };

const waitFor = async <T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe('a server killed between the debit and the supplier answer', () => {
  it('settles the purchase after restart, and the ledger verifies clean', async () => {
    const first = await startServer();
    const login = await json(`${first.url}/api/v1/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ userName: 'demo_user', password: 'User#2026' }),
    });
    const token = login.body.token as string;
    const auth = { 'x-auth-token': token };

    // The purchase request: the debit commits, then the server waits for the (slow) supplier.
    void fetch(`${first.url}/api/v1/buy/data`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ network: 1, mobile_number: '08031233333', plan: '2' }),
    }).catch(() => undefined);
    const inFlight = await waitFor('the processing purchase', async () => {
      const profile = await json(`${first.url}/api/v1/auth`, { headers: auth });
      const tx = (profile.body.transactions as Tx[]).find((t) => t.phone_number === '08031233333');
      return tx?.trans_Status === 'processing' ? tx : undefined;
    });
    expect((await json(`${first.url}/api/v1/auth`, { headers: auth })).body.user).toMatchObject({
      balance: 4400,
    });
    await new Promise((r) => setTimeout(r, 500)); // the supplier has the order by now
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer();
    try {
      const relogin = await json(`${second.url}/api/v1/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ userName: 'demo_user', password: 'User#2026' }),
      });
      const auth2 = { 'x-auth-token': relogin.body.token as string };
      const settled = await waitFor('the reconciler to settle it', async () => {
        const profile = await json(`${second.url}/api/v1/auth`, { headers: auth2 });
        const tx = (profile.body.transactions as Tx[]).find(
          (t) => t.trans_Id === inFlight.trans_Id,
        );
        return tx && tx.trans_Status !== 'processing' && tx.trans_Status !== 'pending'
          ? { tx, profile }
          : undefined;
      });
      expect(settled.tx.trans_Status).toBe('success');
      expect(settled.profile.body.user).toMatchObject({ balance: 4400 });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }

    const verify = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/scripts/ledger-verify.ts'],
      {
        cwd: serverDir,
        env: { ...process.env, ...env() },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(verify.stdout).toMatch(/all \d+ invariants hold/);
    expect(verify.status).toBe(0);
  });
});
