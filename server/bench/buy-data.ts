import { fork } from 'node:child_process';
import type { Database } from '../src/db/client.ts';
import { newReference } from '../src/lib/ids.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/ledger.invariants.ts';
import { openPurchase } from '../src/modules/ledger/purchase-journals.ts';
import { startBenchApp } from './bench-app.ts';

export type RunResult = {
  reqPerSec: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  total: number;
  /** The machine's CPU (all processes) per request, and the share of it left idle; Linux only. */
  cpu: { msPerRequest: number; idle: number } | null;
};

/** Drives POST `url` with autocannon in a child process (bench/load.process.mjs). */
const load = (options: {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  body: string;
  /** One body per entry of `headers` (sent together), instead of `body` for all. */
  bodies?: string[];
  headers: Record<string, string>[];
}) =>
  new Promise<RunResult>((resolve, reject) => {
    const child = fork(new URL('./load.process.mjs', import.meta.url));
    child.send(options);
    child.once('message', (result) => {
      resolve(result as RunResult);
      child.disconnect();
    });
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
  });

/** load(), and how busy this process's event loop (the app's) was meanwhile. */
const loadApp = async (options: Parameters<typeof load>[0]) => {
  const start = performance.eventLoopUtilization();
  const result = await load(options);
  return { ...result, appBusy: performance.eventLoopUtilization(start).utilization };
};

/**
 * POST /api/v1/buy/data through the whole app (auth, validation, debit journal and receipt,
 * supplier call over HTTP, settle journal), against a bare route that runs only the debit
 * statement a purchase starts with. The sandbox suppliers run in their own process and the load
 * generator in another, so the app's event loop serves only the app, as in production.
 */
export const benchBuyData = async (
  database: Database,
  {
    seconds,
    warmupSeconds,
    connections,
  }: {
    seconds: number;
    warmupSeconds: number;
    connections: number;
  },
) => {
  const bench = await startBenchApp(database, {
    users: connections,
    routes: (app, ctx) => {
      // The reference: only the debit statement a purchase starts with (wallet → clearing
      // journal and the 'processing' receipt, one statement), nothing else: no supplier call,
      // no settle.
      app.post('/bench/debit', async (req, res) => {
        const userId = req.get('x-user-id') ?? '';
        const receipt = await openPurchase(database.db, {
          userId,
          // Made as a purchase makes its reference, so that the two runs differ only in what follows.
          reference: newReference('BENCH'),
          requestId: null,
          type: 'data',
          network: 'MTN',
          phoneNumber: '08031234567',
          chargeKobo: 60_000,
          costKobo: 55_000,
          supplier: 'ALARO',
          planId: null,
          ported: false,
          details: { plan: '1GB' },
          graceSeconds: ctx.config.vending.processingGraceSeconds,
        });
        res.status(receipt ? 200 : 400).json({ ok: receipt !== null });
      });
    },
  });
  const { url, users } = bench;

  try {
    const purchase = await loadApp({
      url: `${url}/api/v1/buy/data`,
      connections,
      seconds,
      warmupSeconds,
      body: JSON.stringify({ network: 1, mobile_number: '08031234567', plan: '2' }),
      headers: users.map((u) => ({ 'x-auth-token': u.token })),
    });
    // A cable renewal (issue 27): each user verifies the sandbox's DStv card once and renews
    // with that quote (valid 15 minutes, reusable while valid) through the bills supplier.
    const renewals = await Promise.all(
      users.map(async (u) => {
        const verified = await fetch(`${url}/api/v1/cable/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-auth-token': u.token },
          body: JSON.stringify({ provider: 'dstv', smartcardNumber: '1212121212' }),
        });
        const { quoteId } = (await verified.json()) as { quoteId: string };
        return JSON.stringify({
          provider: 'dstv',
          smartcardNumber: '1212121212',
          phone: '08031234567',
          subscriptionType: 'renew',
          quoteId,
        });
      }),
    );
    const cable = await loadApp({
      url: `${url}/api/v1/buy/cable`,
      connections,
      seconds,
      warmupSeconds,
      body: '{}',
      bodies: renewals,
      headers: users.map((u) => ({ 'x-auth-token': u.token })),
    });
    const reference = await loadApp({
      url: `${url}/bench/debit`,
      connections,
      seconds,
      warmupSeconds,
      body: '{}',
      headers: users.map((u) => ({ 'x-user-id': u.id })),
    });
    // Both runs went through the ledger: every invariant must hold after them.
    const violations = (await checkLedgerInvariants(database.db)).filter((r) => r.violations > 0);
    return { purchase, cable, reference, violations };
  } finally {
    await bench.close();
  }
};
