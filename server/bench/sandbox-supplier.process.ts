/**
 * The sandbox suppliers in a process of their own, for the benchmark: a real supplier never shares
 * our event loop. Books in the database DATABASE_URL names (its own pool), else in an embedded
 * PGlite of its own (PGlite cannot be shared between processes). Sends `{ port }` to the parent.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { SANDBOX_SUPPLIERS_PATH } from '../src/providers/vending/registry.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../src/providers/vending/suppliers.config.ts';
import { sandboxSupplierRoutes } from '../src/sandbox/vending/sandbox-supplier.routes.ts';

const url = process.env.DATABASE_URL;
const database = url ? openPostgres(url, { poolSize: 10 }) : await openPglite();
if (!url) {
  await database.migrate();
  await seedReferenceData(database.db);
}
await database.db.execute(sql`update sandbox_supplier_floats set balance_kobo = 100000000000000`);

const app = express();
app.use(
  SANDBOX_SUPPLIERS_PATH,
  sandboxSupplierRoutes({ db: database.db, apiKeys: SANDBOX_SUPPLIER_KEYS, slowMs: 2_500 }),
);
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close();
  void database.close().then(() => process.exit(0));
});
