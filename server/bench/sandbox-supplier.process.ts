/**
 * The sandbox suppliers in a process of their own, for the benchmark: a real supplier never shares
 * our event loop. Books in the database DATABASE_URL names (its own pool), else in an embedded
 * PGlite of its own (PGlite cannot be shared between processes). Sends `{ port }` to the parent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { SANDBOX_SUPPLIERS_PATH } from '../src/providers/vending/registry.ts';
import { SANDBOX_SUPPLIER_KEYS } from '../src/providers/vending/suppliers.config.ts';
import { sandboxSupplierRoutes } from '../src/sandbox/vending/sandbox-supplier.routes.ts';
import { sandboxOrderBatchStats } from '../src/sandbox/vending/sandbox-store.ts';

const url = process.env.DATABASE_URL;
const database = url ? openPostgres(url, { poolSize: 10 }) : await openPglite();
if (!url) {
  await database.migrate();
  await seedReferenceData(database.db);
}
await database.db.execute(sql`update sandbox_supplier_floats set balance_kobo = 100000000000000`);

const suppliers = sandboxSupplierRoutes({
  db: database.db,
  apiKeys: SANDBOX_SUPPLIER_KEYS,
  slowMs: 2_500,
});
// Served alone, as a supplier's own servers would be: the same paths as under the app.
const server = createServer((req, res) => {
  const path = req.url ?? '/';
  if (!path.startsWith(`${SANDBOX_SUPPLIERS_PATH}/`)) {
    res.writeHead(404).end();
    return;
  }
  req.url = path.slice(SANDBOX_SUPPLIERS_PATH.length);
  suppliers(req, res);
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => {
  const stats = sandboxOrderBatchStats(database.db);
  if (stats && stats.batches > 0) {
    console.log(
      `  sandbox orders: ${stats.items} in ${stats.batches} statements (${(stats.items / stats.batches).toFixed(1)} a statement, at most ${stats.largest})`,
    );
  }
  server.closeAllConnections();
  server.close();
  void database.close().then(() => process.exit(0));
});
