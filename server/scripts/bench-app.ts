import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { AppContext } from '../src/app-context.ts';
import { createApp } from '../src/app.ts';
import { loadConfig, loadSupplierSettings } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/lib/mailer.ts';
import { issueToken } from '../src/lib/token.ts';
import { createMetrics } from '../src/modules/metrics/metrics.ts';
import { createBoundRegistry } from '../src/providers/vending/bound-registry.ts';

const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/**
 * The real app on a free port over `db`, as production runs it, for the read benchmarks
 * (bench:history, bench:admin): no background jobs, no supplier calls, and, as in the test app,
 * no login rate limit in the way of thousands of calls from one address.
 */
export const startBenchApp = async (
  db: Db,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
) => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_IP_RATE_LIMIT: '100000',
    APP_URL: 'http://bench.test',
    DATA_DIR: os.tmpdir(),
    CLIENT_DIST: '/nonexistent',
    RECONCILE_INTERVAL_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    JWT_SECRET,
    ...env,
  });
  const supplierSettings = loadSupplierSettings({});
  const suppliers = createBoundRegistry(supplierSettings);
  const ctx: AppContext = {
    db,
    config,
    logger: createLogger('silent'),
    mailer: createMailer({ smtpUrl: '', from: 'bench@bench.test', db }),
    jwtSecret: JWT_SECRET,
    suppliers: suppliers.registry,
    supplierSettings,
    selfUrl: () => base,
    metrics: createMetrics(),
  };
  const server: Server = await new Promise((resolve) => {
    const s = createApp(ctx).listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  suppliers.bind(base);
  return {
    ctx,
    base,
    /** A session token for a user row of the bench database. */
    tokenOf: (user: { id: string; tokenVersion: number }) =>
      issueToken({ jwtSecret: JWT_SECRET, ttlSeconds: 3600 }, user),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
