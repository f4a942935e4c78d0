import type { Server } from 'node:http';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { DirLockedError } from './db/dir-lock.ts';
import { seedReferenceData } from './seed/reference-data.ts';
import { ensureAdmin, seedDemoUsers } from './seed/demo-users.ts';
import { createApp } from './app.ts';
import { renderedDocument } from './openapi/openapi.routes.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';
import { deleteInactiveContacts } from './modules/contacts/contacts.service.ts';
import { startReconciler } from './jobs/reconciler.ts';
import { createBoundRegistry } from './providers/vending/bound-registry.ts';
import { loadSupplierSettings } from './providers/vending/suppliers.config.ts';

const started = Date.now();
const config = loadConfig();
const logger = createLogger(config.logLevel, { service: 'vendo' });

if (config.isProduction && !config.smtpUrl) {
  logger.error('SMTP_URL must be set in production (the sandbox mailbox is for development only)');
  process.exit(1);
}

let database;
try {
  database = await openConfiguredDatabase(config);
} catch (error) {
  if (error instanceof DirLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
await database.migrate();
await seedReferenceData(database.db);
await ensureAdmin(database.db, config);
const demoLogins = config.seedDemo ? await seedDemoUsers(database.db, config) : [];

const jwtSecret = await resolveJwtSecret(database.db, config.jwtSecret, config.isProduction);
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
const supplierSettings = loadSupplierSettings(process.env);
if (config.isProduction && (!supplierSettings.ALARO.baseUrl || !supplierSettings.GLAD.baseUrl)) {
  // The sandbox suppliers are not served in production: purchases would all stay pending.
  logger.error('ALARO_BASE_URL and GLAD_BASE_URL must be set in production');
  process.exit(1);
}
const suppliers = createBoundRegistry(supplierSettings);
let selfUrl = `http://127.0.0.1:${config.port}`;
if (
  config.isProduction &&
  (!config.squad.baseUrl ||
    !process.env.SQUAD_SECRET_KEY ||
    !config.billstack.baseUrl ||
    !process.env.BILLSTACK_SECRET_KEY)
) {
  logger.error(
    'SQUAD_BASE_URL, SQUAD_SECRET_KEY, BILLSTACK_BASE_URL and BILLSTACK_SECRET_KEY must be set in production',
  );
  process.exit(1);
}
const ctx = {
  db: database.db,
  config,
  logger,
  mailer,
  jwtSecret,
  suppliers: suppliers.registry,
  supplierSettings,
  selfUrl: () => selfUrl,
};
const app = createApp(ctx);
// The API reference (GET /api/v1/openapi.json) is rendered now, not by its first request.
renderedDocument();
let reconciler: { stop: () => Promise<void> } | undefined;
let cleanup: NodeJS.Timeout | undefined;

const server: Server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  selfUrl = `http://127.0.0.1:${port}`;
  suppliers.bind(selfUrl);
  // Purchases left processing by a crash or pending at a supplier are settled from here on.
  reconciler = startReconciler(ctx);
  const sweepContacts = () =>
    deleteInactiveContacts(database.db)
      .then((n) => n > 0 && logger.info('inactive contacts removed', { count: n }))
      .catch((error: unknown) => logger.error('contact cleanup failed', { error: String(error) }));
  void sweepContacts();
  cleanup = setInterval(sweepContacts, 6 * 3600_000);
  cleanup.unref();
  logger.info('listening', { port, database: database.driver, startupMs: Date.now() - started });
  const lines = [
    '',
    `  Vendo is running at http://localhost:${port}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
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

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('shutting down', { signal });
  const force = setTimeout(() => {
    logger.warn('forced shutdown after 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  if (cleanup) clearInterval(cleanup);
  server.close(() => {
    void (reconciler?.stop() ?? Promise.resolve())
      .then(() => database.close())
      .finally(() => {
        logger.info('stopped');
        process.exit(0);
      });
  });
  server.closeIdleConnections();
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
