import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import supertest from 'supertest';
import type { AppContext } from '../../src/app-context.ts';
import { createApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { bulkRunnerOf } from '../../src/modules/bulk/bulk-runner.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.invariants.ts';
import { createMetrics } from '../../src/modules/metrics/metrics.ts';
import { createBoundRegistry } from '../../src/providers/vending/bound-registry.ts';
import type { Lifecycle } from '../../src/web/health.ts';
import { createTestDatabase } from './test-db.ts';

export type TestApp = {
  app: express.Express;
  /** The app listening on 127.0.0.1 (the sandbox suppliers are called over real HTTP here). */
  url: string;
  ctx: AppContext;
  /** The test database's name (on PostgreSQL, for a second pool: another "process"). */
  databaseName: string;
  /** PostgreSQL only: the app's connection string, and its owner's (the superuser's). */
  databaseUrl: string;
  databaseOwnerUrl: string;
  request: () => supertest.Agent;
  /** Every ledger invariant's violation count (expect all zero). */
  ledgerViolations: () => Promise<{ name: string; violations: number }[]>;
  close: () => Promise<void>;
};

/**
 * The real app on a fresh copy of the migrated test database, listening on a free port. `env`
 * overrides settings (e.g. SMTP_URL for a real SMTP server, SUPPLIER_TIMEOUT_MS, rate limits).
 * The background reconciler is off (RECONCILE_INTERVAL_MS 0): tests run passes by hand.
 */
export const createTestApp = async (
  env: Record<string, string> = {},
  options: {
    databasePort?: number;
    lifecycle?: Lifecycle;
    /** PostgreSQL only: the app connects as this role (see createTestDatabase). */
    databaseRole?: string;
    /** A database of the test's own (e.g. PGlite in a folder) instead of a fresh copy; closed with the app. */
    database?: Database;
    /** Sign sessions with this secret (e.g. the one kept in the database, as a real start does). */
    jwtSecret?: string;
  } = {},
): Promise<TestApp> => {
  const database = options.database
    ? { ...options.database, name: '', url: '', ownerUrl: '' }
    : await createTestDatabase({
        ...(options.databasePort === undefined ? {} : { port: options.databasePort }),
        ...(options.databaseRole === undefined ? {} : { role: options.databaseRole }),
      });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BCRYPT_ROUNDS: '4',
    APP_URL: 'http://vendo.test',
    DATA_DIR: '/nonexistent',
    CLIENT_DIST: '/nonexistent',
    RECONCILE_INTERVAL_MS: '0',
    // Suites log in many times from 127.0.0.1; the per-address cap has its own test.
    LOGIN_IP_RATE_LIMIT: '10000',
    SUPPLIER_TIMEOUT_MS: '1500',
    SANDBOX_SLOW_MS: '2500',
    ...env,
  });
  const supplierSettings = config.suppliers;
  const suppliers = createBoundRegistry(supplierSettings);
  const ctx: AppContext = {
    db: database.db,
    config,
    logger: createLogger(config.logLevel),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db }),
    jwtSecret: options.jwtSecret ?? 'test-secret-test-secret-test-secret-0123456789',
    suppliers: suppliers.registry,
    supplierSettings,
    selfUrl: () => url,
    metrics: createMetrics({
      processDefaults: Boolean(config.metricsToken),
      poolStats: database.poolStats,
    }),
  };
  const app = createApp(ctx, options.lifecycle ? { lifecycle: options.lifecycle } : {});
  let url = '';
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  suppliers.bind(url);
  return {
    app,
    url,
    ctx,
    databaseName: database.name,
    databaseUrl: database.url,
    databaseOwnerUrl: database.ownerUrl,
    request: () => supertest.agent(app),
    ledgerViolations: async () =>
      (await checkLedgerInvariants(database.db)).filter((r) => r.violations > 0),
    close: async () => {
      // A bulk purchase's lines still running would outlive the database.
      await bulkRunnerOf(ctx).stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
};
