import { fork } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUPPLIERS } from '@vendo/shared/constants';
import type express from 'express';
import type { AppContext } from '../src/app-context.ts';
import { createApp } from '../src/app.ts';
import { loadConfig, loadSupplierSettings } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { issueToken } from '../src/lib/token.ts';
import { bulkRunnerOf } from '../src/modules/bulk/bulk-runner.ts';
import { creditOpeningBalance } from '../src/modules/ledger/journals.ts';
import { createMetrics } from '../src/modules/metrics/metrics.ts';
import { createUser } from '../src/modules/users/users.service.ts';
import { createBoundRegistry } from '../src/providers/vending/bound-registry.ts';
import { createVtpassSupplier } from '../src/providers/bills/vtpass.ts';
import { SANDBOX_VTPASS_KEYS, SANDBOX_VTPASS_PATH } from '../src/providers/bills/vtpass.config.ts';
import { sandboxSupplierUrl } from '../src/providers/vending/registry.ts';
import { readSandboxPriceList } from '../src/sandbox/vending/sandbox-store.ts';
import type { SandboxSupplierSetup } from './sandbox-supplier.process.ts';

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

export type BenchApp = {
  ctx: AppContext;
  url: string;
  /** Users with a large balance, each with a session token. */
  users: { id: string; token: string }[];
  close: () => Promise<void>;
};

/**
 * The whole app in this process on `database`, with the sandbox suppliers in a child process
 * (as a real supplier is another server) and `users` funded users. `routes` adds bench-only
 * routes before it listens.
 */
export const startBenchApp = async (
  database: Database,
  {
    users: userCount,
    routes,
  }: { users: number; routes?: (app: express.Express, ctx: AppContext) => void },
): Promise<BenchApp> => {
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
  routes?.(app, ctx);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  suppliers.bind(url);

  const stamp = Date.now().toString(36);
  const users: { id: string; token: string }[] = [];
  for (let i = 0; i < userCount; i += 1) {
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

  return {
    ctx,
    url,
    users,
    close: async () => {
      await bulkRunnerOf(ctx).stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await sandbox.stop();
    },
  };
};
