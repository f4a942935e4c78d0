import { fork } from 'node:child_process';
import type { Server } from 'node:http';
import { SUPPLIERS } from '@vendo/shared/constants';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../src/app-context.ts';
import { createApp } from '../src/app.ts';
import { loadConfig, loadSupplierSettings } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { newReference } from '../src/lib/ids.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { issueToken } from '../src/lib/token.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/ledger.invariants.ts';
import { creditOpeningBalance } from '../src/modules/ledger/journals.ts';
import { createUser } from '../src/modules/users/users.service.ts';
import { openPurchase } from '../src/modules/ledger/purchase-journals.ts';
import { createMetrics } from '../src/modules/metrics/metrics.ts';
import { createBoundRegistry } from '../src/providers/vending/bound-registry.ts';
import { createVtpassSupplier } from '../src/providers/bills/vtpass.ts';
import { SANDBOX_VTPASS_KEYS, SANDBOX_VTPASS_PATH } from '../src/providers/bills/vtpass.config.ts';
import { sandboxSupplierUrl } from '../src/providers/vending/registry.ts';
import { readSandboxPriceList } from '../src/sandbox/vending/sandbox-store.ts';
import type { SandboxSupplierSetup } from './sandbox-supplier.process.ts';

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

/**
 * Starts the sandbox suppliers in a child process (bench/sandbox-supplier.process.ts), with their
 * books in its memory: each supplier's price list as the catalogue has it now, and a float that
 * no run exhausts.
 */
const startSandboxSuppliers = async (database: Database) => {
  const setup: SandboxSupplierSetup = { priceLists: {}, floatsKobo: {} };
  for (const supplier of SUPPLIERS) {
    setup.priceLists[supplier] = [...(await readSandboxPriceList(database.db, supplier))];
    setup.floatsKobo[supplier] = 1_000_000_000_000_00;
  }
  // Inherits this process's flags, tsx's loader among them.
  const child = fork(new URL('./sandbox-supplier.process.ts', import.meta.url));
  child.send(setup);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`sandbox suppliers exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
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
  const sandbox = await startSandboxSuppliers(database);
  const config = loadConfig({
    NODE_ENV: 'bench',
    LOG_LEVEL: 'silent',
    RECONCILE_INTERVAL_MS: '0',
    CLIENT_DIST: '/nonexistent',
  });
  const supplierSettings = loadSupplierSettings({
    ALARO_BASE_URL: sandboxSupplierUrl(sandbox.url, 'ALARO'),
    GLAD_BASE_URL: sandboxSupplierUrl(sandbox.url, 'GLAD'),
  });
  const suppliers = createBoundRegistry(supplierSettings);
  const ctx: AppContext = {
    db: database.db,
    config,
    logger: createLogger('silent'),
    mailer: createMailer({ from: config.mailFrom, db: database.db }),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-0123',
    suppliers: suppliers.registry,
    supplierSettings,
    selfUrl: () => url,
    metrics: createMetrics(),
    // The sandbox VTpass in the suppliers' process, as a real bills supplier is another server.
    bills: createVtpassSupplier({
      ...config.vtpass,
      ...SANDBOX_VTPASS_KEYS,
      baseUrl: `${sandbox.url}${SANDBOX_VTPASS_PATH}`,
    }),
  };
  const app = createApp(ctx);
  let url = '';
  // The reference: only the debit statement a purchase starts with (wallet → clearing journal and
  // the 'processing' receipt, one statement), nothing else: no supplier call, no settle.
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
      graceSeconds: config.vending.processingGraceSeconds,
    });
    res.status(receipt ? 200 : 400).json({ ok: receipt !== null });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  suppliers.bind(url);

  const stamp = Date.now().toString(36);
  const users: { id: string; token: string }[] = [];
  for (let i = 0; i < connections; i += 1) {
    const user = await createUser(
      database.db,
      {
        userName: `bench_${stamp}_${i}`,
        email: `bench_${stamp}_${i}@example.test`,
        phoneNumber: `09${String(Date.now() + i).slice(-9)}`,
        password: 'Bench#2026',
      },
      { bcryptRounds: 4 },
    );
    await database.db.transaction((tx) =>
      creditOpeningBalance(tx, {
        reference: `bench:fund:${user.id}`,
        userId: user.id,
        amountKobo: 10_000_000_000,
      }),
    );
    users.push({
      id: user.id,
      token: issueToken({ jwtSecret: ctx.jwtSecret, ttlSeconds: 3600 }, user),
    });
  }

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
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await sandbox.stop();
  }
};
