/**
 * `npm run reconcile:suppliers [-- --date YYYY-MM-DD]`: re-queries every settled purchase of a
 * Lagos day (default today) with its supplier and lists where their status disagrees with ours
 * (a delivered purchase the supplier reversed is refunded and listed), then each supplier's float
 * movement against our cost; each mismatch and float difference is also raised as an admin alert
 * (once). Exits 1 when there is any. Runs against the database the app would open (DATABASE_URL,
 * else PGlite in DATA_DIR: stop the app first).
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { formatNaira } from '@vendo/shared/money';
import { loadCommandConfig } from '../config-commands.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { DirLockedError } from '../db/dir-lock.ts';
import { createLogger } from '../lib/logger.ts';
import { createMailer } from '../lib/mailer.ts';
import {
  lagosToday,
  reconcileSuppliers,
} from '../modules/vending/supplier-reconciliation.service.ts';
import { createBoundRegistry } from '../providers/vending/bound-registry.ts';
import { createMetrics } from '../modules/metrics/metrics.ts';

const { values } = parseArgs({ options: { date: { type: 'string' } } });
const day = values.date ?? lagosToday();
if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
  console.error('reconcile:suppliers: --date is written YYYY-MM-DD');
  process.exit(2);
}

// The data folder `npm start` opens, wherever the command is typed.
const config = loadCommandConfig();
let database;
try {
  database = await openConfiguredDatabase(config);
} catch (error) {
  console.error(error instanceof DirLockedError ? error.message : error);
  process.exit(2);
}
try {
  await database.migrate();
  const supplierSettings = config.suppliers;
  const suppliers = createBoundRegistry(supplierSettings);
  // The built-in sandbox suppliers (for a supplier without a base URL) keep their orders in this
  // database: serve them here, as the app does, for the re-queries to reach. With every supplier
  // real (production), no sandbox code is loaded.
  let sandbox: Server | undefined;
  if (supplierSettings.ALARO.baseUrl === null || supplierSettings.GLAD.baseUrl === null) {
    const [{ databaseSandboxBooks }, { standaloneSandboxSuppliers }] = await Promise.all([
      import('../sandbox/vending/sandbox-books.ts'),
      import('../sandbox/vending/sandbox-supplier.routes.ts'),
    ]);
    sandbox = standaloneSandboxSuppliers({
      books: databaseSandboxBooks(database.db),
      apiKeys: { ALARO: supplierSettings.ALARO.apiKey, GLAD: supplierSettings.GLAD.apiKey },
      slowMs: config.vending.sandboxSlowMs,
      airtimeCostBasisPoints: config.vending.airtimeCostBasisPoints,
    }).listen(0, '127.0.0.1');
    await once(sandbox, 'listening');
    suppliers.bind(`http://127.0.0.1:${(sandbox.address() as AddressInfo).port}`);
  } else {
    // Every supplier has its own URL: the sandbox address is never used.
    suppliers.bind(config.appUrl);
  }
  const result = await reconcileSuppliers(
    {
      db: database.db,
      config,
      logger: createLogger(config.logLevel),
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db }),
      jwtSecret: '',
      suppliers: suppliers.registry,
      supplierSettings,
      selfUrl: () => config.appUrl,
      metrics: createMetrics(),
    },
    day,
  );
  for (const m of result.mismatches) {
    console.log(
      `MISMATCH  ${m.reference}  ${m.supplier}  ours ${m.ours}, theirs ${m.theirs}  ${m.kind}`,
    );
  }
  for (const f of result.floats) {
    console.log(
      `FLOAT     ${f.supplier}  ${f.measured}/${f.delivered} delivered measured: moved ${formatNaira(f.movementKobo)}, cost ${formatNaira(f.costKobo)}, difference ${formatNaira(f.differenceKobo)}${f.differing.length > 0 ? `  (${f.differing.join(', ')})` : ''}`,
    );
  }
  const floatDifferences = result.floats.filter((f) => f.differenceKobo !== 0).length;
  console.log(
    `reconcile:suppliers ${day}: ${result.checked} purchase(s) checked, ${result.mismatches.length} mismatch(es), ${floatDifferences} float difference(s)`,
  );
  process.exitCode = result.mismatches.length === 0 && floatDifferences === 0 ? 0 : 1;
  sandbox?.close();
} finally {
  await database.close();
}
