/**
 * The sandbox suppliers in a process of their own, for the benchmark: a real supplier never shares
 * our event loop, our database or our CPU. So their books are in this process's memory
 * (sandbox-books.ts): the parent sends the price lists and the floats, and this process answers
 * `{ port }` once it listens. The sandbox VTpass (cable renewals) keeps its orders in memory too
 * (memoryVtpassBooks).
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { SANDBOX_VTPASS_KEYS, SANDBOX_VTPASS_PATH } from '../src/providers/bills/vtpass.config.ts';
import { vtpassSandboxRoutes } from '../src/sandbox/vtpass/vtpass-sandbox.routes.ts';
import { memoryVtpassBooks } from '../src/sandbox/vtpass/vtpass-sandbox.store.ts';
import type { TSupplier } from '@vendo/shared/constants';
import { SANDBOX_SUPPLIER_KEYS } from '../src/providers/vending/suppliers.config.ts';
import { memorySandboxBooks } from '../src/sandbox/vending/sandbox-books.ts';
import type { SandboxPlan } from '../src/sandbox/vending/sandbox-store.ts';
import { standaloneSandboxSuppliers } from '../src/sandbox/vending/sandbox-supplier.routes.ts';

/** What the parent sends first (Maps do not cross the IPC channel, so the lists are entries). */
export type SandboxSupplierSetup = {
  priceLists: Partial<Record<TSupplier, [string, SandboxPlan][]>>;
  floatsKobo: Partial<Record<TSupplier, number>>;
};

const setup = await new Promise<SandboxSupplierSetup>((resolve) => {
  process.once('message', (message) => resolve(message as SandboxSupplierSetup));
});
// Served alone, as a supplier's own servers would be: the same paths as under the app.
const app = express();
app.use(
  SANDBOX_VTPASS_PATH,
  vtpassSandboxRoutes({ books: memoryVtpassBooks(), keys: SANDBOX_VTPASS_KEYS }),
);
const vending = standaloneSandboxSuppliers({
  books: memorySandboxBooks({
    priceLists: Object.fromEntries(
      Object.entries(setup.priceLists).map(([supplier, entries]) => [supplier, new Map(entries)]),
    ),
    floatsKobo: setup.floatsKobo,
  }),
  apiKeys: SANDBOX_SUPPLIER_KEYS,
  slowMs: 2_500,
});
app.use(vending);
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close();
  process.exit(0);
});
