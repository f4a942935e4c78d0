import type { Server, ServerResponse } from 'node:http';
import { loadConfig } from './config.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { openConfiguredDatabase, openPostgres, type Database } from './db/client.ts';
import { createReadDb } from './db/read-replica.ts';
import { isDatabaseUnavailable } from './db/pg-error.ts';
import { DirLockedError } from './db/dir-lock.ts';
import { seedReferenceData } from './seed/reference-data.ts';
import { ensureAdmin, seedDemoUsers } from './seed/demo-users.ts';
import { createApp } from './app.ts';
import { createLifecycle } from './web/health.ts';
import { renderedDocument } from './openapi/rendered-document.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';
import { deleteInactiveContacts } from './modules/contacts/contacts.service.ts';
import { startBackgroundJobs } from './jobs/background-jobs.ts';
import { resealWebhookSecrets } from './modules/webhooks/webhook-secret-rotation.ts';
import { vtpassProductionProblem } from './config-suppliers.ts';
import { deleteOldBillsQuotes } from './modules/bills/bills.repository.ts';
import { resealExamPins } from './modules/bills/exam-pin-rotation.ts';
import { createBoundRegistry } from './providers/vending/bound-registry.ts';
import { startBackupChannel, type BackupChannel } from './db/backup-channel.ts';
import { createMetrics } from './modules/metrics/metrics.ts';

const started = Date.now();
const config = loadConfig();
const logger = createLogger(config.logLevel, { service: 'vendo' });

if (config.isProduction && !config.smtpUrl) {
  logger.error('SMTP_URL must be set in production (the sandbox mailbox is for development only)');
  process.exit(1);
}

// A stray rejection (a fire-and-forget write while the database restarts) is logged, never the
// end of the process: every request and loop has its own error handling.
process.on('unhandledRejection', (reason) => {
  logger.error('unhandled rejection', {
    error: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
  });
});

/**
 * Opens the database, migrates and seeds, waiting for the server if it is not up yet (a
 * deployment that starts the app and PostgreSQL together, a restart of both): the pause doubles
 * up to 10 s and every attempt is logged. A locked embedded folder is final: it ends the start.
 */
const openAndPrepare = async () => {
  for (let attempt = 1, pauseMs = 500; ; attempt += 1, pauseMs = Math.min(10_000, pauseMs * 2)) {
    let opened: Database | undefined;
    try {
      opened = await openConfiguredDatabase(config, {
        onConnectionError: (error) =>
          logger.warn('database connection lost', { error: error.message }),
      });
      await opened.migrate();
      await seedReferenceData(opened.db);
      await ensureAdmin(opened.db, config);
      const logins = config.seedDemo ? await seedDemoUsers(opened.db, config) : [];
      const secret = await resolveJwtSecret(opened.db, config.jwtSecret, config.isProduction);
      if (config.jwtSecretPrevious) {
        const resealed = await resealWebhookSecrets(opened.db, {
          current: secret,
          previous: config.jwtSecretPrevious,
        });
        if (resealed > 0)
          logger.info('webhook secrets sealed under the new JWT_SECRET', { resealed });
        const pins = await resealExamPins(opened.db, {
          current: secret,
          previous: config.jwtSecretPrevious,
        });
        if (pins > 0) logger.info('exam PINs sealed under the new JWT_SECRET', { receipts: pins });
      }
      return { database: opened, demoLogins: logins, jwtSecret: secret };
    } catch (error) {
      if (error instanceof DirLockedError) {
        console.error(`\n${error.message}\n`);
        process.exit(1);
      }
      await opened?.close().catch(() => undefined);
      if (!isDatabaseUnavailable(error)) throw error;
      logger.warn('database not reachable yet; retrying', {
        attempt,
        retryInMs: pauseMs,
        error: error instanceof Error ? error.message : String(error),
      });
      await sleep(pauseMs);
    }
  }
};
const { database, demoLogins, jwtSecret } = await openAndPrepare();
// `npm run backup` asks this process for a copy of the embedded database (docs/operations.md).
let backupChannel: BackupChannel | undefined;
if (database.snapshot) {
  const snapshot = database.snapshot;
  backupChannel = await startBackupChannel({ dataDir: config.dataDir, snapshot, logger }).catch(
    (error: unknown) => {
      logger.warn('backup channel off: stop the app to run npm run backup', {
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    },
  );
}

const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
const supplierSettings = config.suppliers;
if (config.isProduction && (!supplierSettings.ALARO.baseUrl || !supplierSettings.GLAD.baseUrl)) {
  // The sandbox suppliers are not served in production: purchases would all stay pending.
  logger.error('ALARO_BASE_URL and GLAD_BASE_URL must be set in production');
  process.exit(1);
}
const billsProblem = vtpassProductionProblem(config);
if (billsProblem) {
  logger.error(billsProblem);
  process.exit(1);
}
const suppliers = createBoundRegistry(supplierSettings);
let selfUrl = `http://127.0.0.1:${config.port}`;
if (
  config.isProduction &&
  (!config.squad.baseUrl ||
    !config.squad.secretKeySet ||
    !config.billstack.baseUrl ||
    !config.billstack.secretKeySet)
) {
  logger.error(
    'SQUAD_BASE_URL, SQUAD_SECRET_KEY, BILLSTACK_BASE_URL and BILLSTACK_SECRET_KEY must be set in production',
  );
  process.exit(1);
}
// Reports read from a streaming replica when DATABASE_READ_URL names one (decision 0034). Its pool
// connects lazily: a replica that is down only sends reports to the primary.
const replica = config.databaseReadUrl
  ? openPostgres(config.databaseReadUrl, {
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
      connectTimeoutMs: 2000,
      onConnectionError: (error) =>
        logger.warn('replica connection lost', { error: error.message }),
    })
  : undefined;
const ctx = {
  db: database.db,
  ...(replica
    ? {
        readDb: createReadDb(database.db, replica.db, {
          maxWaitMs: config.databaseReadMaxWaitMs,
          onPassedOver: (why) => logger.warn('reports read from the primary for 5 s', { why }),
        }),
      }
    : {}),
  config,
  logger,
  mailer,
  jwtSecret,
  suppliers: suppliers.registry,
  supplierSettings,
  selfUrl: () => selfUrl,
  metrics: createMetrics({
    processDefaults: Boolean(config.metricsToken),
    poolStats: database.poolStats,
  }),
};
const lifecycle = createLifecycle();
const app = createApp(ctx, { lifecycle });
// The API reference (GET /api/v1/openapi.json) is rendered now, not by its first request.
renderedDocument(config);
let backgroundJobs: { stop: () => Promise<void> } | undefined;
let cleanup: NodeJS.Timeout | undefined;

const server: Server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  selfUrl = `http://127.0.0.1:${port}`;
  suppliers.bind(selfUrl);
  // Purchases left processing by a crash or pending at a supplier are settled from here on.
  backgroundJobs = startBackgroundJobs(ctx);
  const sweepContacts = () =>
    deleteInactiveContacts(database.db)
      .then((n) => n > 0 && logger.info('inactive contacts removed', { count: n }))
      // Cable and JAMB verifications a day past their expiry: nothing can use them.
      .then(() => deleteOldBillsQuotes(database.db))
      .catch((error: unknown) => logger.error('contact cleanup failed', { error: String(error) }));
  void sweepContacts();
  cleanup = setInterval(sweepContacts, 6 * 3600_000);
  cleanup.unref();
  logger.info('listening', { port, database: database.driver, startupMs: Date.now() - started });
  const lines = [
    '',
    `  Vendo is running at http://localhost:${port}`,
    `  Database: ${
      config.databaseUrl
        ? `PostgreSQL (DATABASE_URL${config.databaseMigrationUrl !== config.databaseUrl ? ', migrated through DATABASE_MIGRATION_URL' : ''})`
        : `embedded PGlite in ${config.dataDir}`
    }${config.databaseReadUrl ? '; reports from the replica in DATABASE_READ_URL' : ''}${
      config.databaseUrl && !config.databasePreparedStatements
        ? '; no named prepared statements'
        : ''
    }`,
    `  Mail: ${mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : `sandbox mailbox at http://localhost:${port}/sandbox/mail`}`,
  ];
  if (demoLogins.length) {
    lines.push('  Demo logins (user name / password):');
    for (const d of demoLogins)
      lines.push(`    ${d.role.padEnd(13)} ${d.userName} / ${d.password}   balance ${d.balance}`);
  }
  const sandboxed = (['ALARO', 'GLAD'] as const).filter(
    (name) => supplierSettings[name].baseUrl === null,
  );
  if (sandboxed.length)
    lines.push(
      `  Suppliers: sandbox for ${sandboxed.join(', ')} (test numbers: see README "Sandbox")`,
    );
  lines.push(`  Started in ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl+C stops it.`, '');
  console.log(lines.join('\n'));
});

// Behind a balancer an idle kept-alive connection must outlive the balancer's own idle timeout
// (60 s is usual): when this process closes it first, a request the balancer sends on it at that
// moment is lost (a 502, or the client's connection closed without an answer). Node's default
// is 5 s. SIGTERM still closes idle connections at once.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// The answers still to send when a shutdown begins: each then closes its connection.
const unanswered = new Set<ServerResponse>();
const closeAfterAnswer = (res: ServerResponse) => {
  if (!res.headersSent) res.setHeader('Connection', 'close');
};
server.on('request', (_req, res: ServerResponse) => {
  if (stopping) {
    closeAfterAnswer(res);
    return;
  }
  unanswered.add(res);
  res.once('close', () => unanswered.delete(res));
});

/** How long a shutdown waits for requests in flight (a purchase waits for its supplier). */
const DRAIN_TIMEOUT_MS = Math.max(10_000, config.vending.supplierTimeoutMs + 10_000);

/**
 * SIGTERM/SIGINT: readiness goes false (the balancer stops sending work), the listener closes
 * (new connections are refused: a balancer retries them elsewhere), requests in flight finish,
 * the background loops stop claiming and finish their pass, then the database closes and the
 * process exits 0. Past DRAIN_TIMEOUT_MS it exits 1; anything unsettled is the reconciler's.
 */
let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  lifecycle.draining = true;
  logger.info('shutting down', { signal });
  const force = setTimeout(() => {
    logger.warn(`forced shutdown after ${DRAIN_TIMEOUT_MS / 1000} s`);
    process.exit(1);
  }, DRAIN_TIMEOUT_MS);
  force.unref();
  if (cleanup) clearInterval(cleanup);
  const loops = backgroundJobs?.stop() ?? Promise.resolve();
  const channel = backupChannel?.close() ?? Promise.resolve();
  server.close(() => {
    void Promise.all([loops, channel])
      .then(() => Promise.all([database.close(), replica?.close()]))
      .catch((error: unknown) => logger.warn('close failed', { error: String(error) }))
      .finally(() => {
        logger.info('stopped');
        process.exit(0);
      });
  });
  // Keep-alive connections with no request in flight go now; busy ones close after their answer.
  for (const res of unanswered) closeAfterAnswer(res);
  server.closeIdleConnections();
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
