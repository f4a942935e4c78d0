import type { Server } from 'node:http';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { DirLockedError } from './db/dir-lock.ts';
import { seedReferenceData } from './db/seed.ts';
import { ensureAdmin, seedDemoUsers } from './db/seed-users.ts';
import { createApp } from './app.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';

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
const app = createApp({ db: database.db, config, logger, mailer, jwtSecret });

const server: Server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info('listening', { port, database: database.driver, startupMs: Date.now() - started });
  const lines = [
    '',
    `  Vendo is running at http://localhost:${port}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Mail: ${mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : `sandbox mailbox at http://localhost:${port}/sandbox/mail`}`,
  ];
  if (demoLogins.length) {
    lines.push('  Demo logins (user name / password):');
    for (const d of demoLogins) lines.push(`    ${d.role.padEnd(13)} ${d.userName} / ${d.password}   balance ${d.balance}`);
  }
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
  server.close(() => {
    void database.close().finally(() => {
      logger.info('stopped');
      process.exit(0);
    });
  });
  server.closeIdleConnections();
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
