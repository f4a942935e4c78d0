/**
 * The soak's sandbox suppliers, in a process of their own with their books in its memory, as a
 * real supplier's are on its own servers: nothing the soak does to the app processes or to the
 * database reaches them. Each supplier listens on a port of its own, so each can hold the 3333
 * ("slow") answer for its own time. Messages: the parent sends `setup` and is answered
 * `listening`; `dump` is answered `books`, every order placed with its request_id and status now.
 */
import type { AddressInfo } from 'node:net';
import { SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import { SANDBOX_SUPPLIER_KEYS } from '../src/providers/vending/suppliers.config.ts';
import { memorySandboxBooks, type SandboxBooks } from '../src/sandbox/vending/sandbox-books.ts';
import type { SandboxOrderKind, SandboxPlan } from '../src/sandbox/vending/sandbox-store.ts';
import { standaloneSandboxSuppliers } from '../src/sandbox/vending/sandbox-supplier.routes.ts';

export type SupplierSetup = {
  type: 'setup';
  /** Maps do not cross the IPC channel, so the price lists are entries. */
  priceLists: Partial<Record<TSupplier, [string, SandboxPlan][]>>;
  floatsKobo: Partial<Record<TSupplier, number>>;
  slowMs: Record<TSupplier, number>;
};

export type SupplierOrderRecord = {
  supplier: TSupplier;
  kind: SandboxOrderKind;
  requestId: string;
  status: string;
  amountKobo: number;
};

export type SupplierMessage =
  | { type: 'listening'; ports: Record<TSupplier, number> }
  | { type: 'books'; orders: SupplierOrderRecord[] };

const setup = await new Promise<SupplierSetup>((resolve) => {
  process.once('message', (message) => resolve(message as SupplierSetup));
});

const books = memorySandboxBooks({
  priceLists: Object.fromEntries(
    Object.entries(setup.priceLists).map(([supplier, entries]) => [supplier, new Map(entries)]),
  ),
  floatsKobo: setup.floatsKobo,
});
// Every order placed with a request_id, to read back at the end (the books find by key only).
const placed: { supplier: TSupplier; kind: SandboxOrderKind; requestId: string }[] = [];
const recordingBooks: SandboxBooks = {
  ...books,
  placeOrder: async (order) => {
    const result = await books.placeOrder(order);
    if (result.kind === 'placed' && order.requestId !== null) {
      placed.push({ supplier: order.supplier, kind: order.kind, requestId: order.requestId });
    }
    return result;
  },
};

const servers = SUPPLIERS.map((supplier) => {
  const app = standaloneSandboxSuppliers({
    books: recordingBooks,
    apiKeys: SANDBOX_SUPPLIER_KEYS,
    slowMs: setup.slowMs[supplier],
  });
  return { supplier, server: app.listen(0, '127.0.0.1') };
});
await Promise.all(
  servers.map(({ server }) => new Promise((resolve) => server.once('listening', resolve))),
);
const ports = Object.fromEntries(
  servers.map(({ supplier, server }) => [supplier, (server.address() as AddressInfo).port]),
) as Record<TSupplier, number>;
process.send?.({ type: 'listening', ports } satisfies SupplierMessage);

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'dump') return;
  void (async () => {
    const orders: SupplierOrderRecord[] = [];
    for (const p of placed) {
      const order = await books.findOrder(p.supplier, p.kind, p.requestId);
      if (order) orders.push({ ...p, status: order.status, amountKobo: order.amountKobo });
    }
    process.send?.({ type: 'books', orders } satisfies SupplierMessage);
  })();
});

process.on('disconnect', () => {
  for (const { server } of servers) {
    server.closeAllConnections();
    server.close();
  }
  process.exit(0);
});
