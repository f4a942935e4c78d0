import type express from 'express';
import supertest from 'supertest';
import type { AppContext } from '../../src/app-context.ts';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.invariants.ts';
import { createTestDatabase } from './test-db.ts';

export type TestApp = {
  app: express.Express;
  ctx: AppContext;
  request: () => supertest.Agent;
  /** Every ledger invariant's violation count (expect all zero). */
  ledgerViolations: () => Promise<{ name: string; violations: number }[]>;
  close: () => Promise<void>;
};

/**
 * The real app on a fresh copy of the migrated test database. `env` overrides settings
 * (e.g. SMTP_URL to send through a real SMTP server, tighter rate limits).
 */
export const createTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BCRYPT_ROUNDS: '4',
    APP_URL: 'http://vendo.test',
    DATA_DIR: '/nonexistent',
    CLIENT_DIST: '/nonexistent',
    ...env,
  });
  const ctx: AppContext = {
    db: database.db,
    config,
    logger: createLogger(config.logLevel),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db }),
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
  };
  const app = createApp(ctx);
  return {
    app,
    ctx,
    request: () => supertest.agent(app),
    ledgerViolations: async () =>
      (await checkLedgerInvariants(database.db)).filter((r) => r.violations > 0),
    close: database.close,
  };
};
