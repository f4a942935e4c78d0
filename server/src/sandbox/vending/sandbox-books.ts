import type { TSupplier } from '@vendo/shared/constants';
import type { Db } from '../../db/client.ts';
import {
  assertTopUpAmount,
  findSandboxOrder,
  findSandboxPlan,
  givesFloatBack,
  newSandboxToken,
  placeSandboxOrder,
  sandboxFloatKobo,
  sandboxOutage,
  settleSandboxOrder,
  SETTLES_FROM,
  topUpSandboxFloat,
  type NewSandboxOrder,
  type PlaceOrderResult,
  type SandboxOrder,
  type SandboxOrderKind,
  type SandboxPlan,
  type SandboxSettlement,
} from './sandbox-store.ts';

/**
 * A sandbox supplier's books: its price list, its orders and its float (our wallet at the
 * supplier). The app keeps them in its database (`databaseSandboxBooks`), so orders survive a
 * restart and an admin can top the float up. The benchmark's supplier process keeps them in
 * memory (`memorySandboxBooks`): it stands in for a supplier's own servers, and a real
 * supplier's bookkeeping does not run on our database or our CPU.
 *
 * Both keep the same rules (sandbox-books.place-order.test.ts and sandbox-books.settle.test.ts run one set of cases against each):
 * - an order in 'successful' or 'processing' holds its amount; a 'failed' one holds nothing;
 * - an order the float cannot cover is refused ('insufficient') and nothing is kept;
 * - a request_id names one order per supplier and kind: a repeat answers the first order;
 * - an order moves one step at a time, once: processing → successful or failed, successful →
 *   reversed → refunded; failed and reversed give its amount back to the float;
 * - an order placed records the float before and after it (its answers show them).
 */
export type SandboxBooks = {
  findPlan(supplier: TSupplier, supplierPlanId: string): Promise<SandboxPlan | null>;
  placeOrder(order: NewSandboxOrder): Promise<PlaceOrderResult>;
  /** By the supplier's id (all digits) or by the request_id the buyer sent. */
  findOrder(supplier: TSupplier, kind: SandboxOrderKind, key: string): Promise<SandboxOrder | null>;
  /** Moves an order one step on, once (SETTLES_FROM); answers the order as it now stands. */
  settleOrder(order: SandboxOrder, to: SandboxSettlement): Promise<SandboxOrder>;
  floatKobo(supplier: TSupplier): Promise<number>;
  /** Adds to the float; answers the new balance. A RangeError for an amount out of bounds. */
  topUpFloat(supplier: TSupplier, amountKobo: number): Promise<number>;
  /** Whether the supplier is in an outage (every order refused, not processed). */
  outage(supplier: TSupplier): Promise<boolean>;
};

/** The books in the app's database (sandbox-store.ts). */
export const databaseSandboxBooks = (db: Db): SandboxBooks => ({
  findPlan: (supplier, supplierPlanId) => findSandboxPlan(db, supplier, supplierPlanId),
  placeOrder: (order) => placeSandboxOrder(db, order),
  findOrder: (supplier, kind, key) => findSandboxOrder(db, supplier, kind, key),
  settleOrder: (order, to) => settleSandboxOrder(db, order, to),
  floatKobo: (supplier) => sandboxFloatKobo(db, supplier),
  topUpFloat: (supplier, amountKobo) => topUpSandboxFloat(db, supplier, amountKobo),
  outage: (supplier) => sandboxOutage(db, supplier),
});

/**
 * Books in this process's memory, for a sandbox supplier served alone (the benchmark). The price
 * lists are fixed when the books are made; `floatsKobo` opens the floats (a supplier without one
 * refuses every order that takes money, as in the database).
 */
export const memorySandboxBooks = ({
  priceLists,
  floatsKobo,
}: {
  priceLists: Partial<Record<TSupplier, ReadonlyMap<string, SandboxPlan>>>;
  floatsKobo: Partial<Record<TSupplier, number>>;
}): SandboxBooks => {
  const floats = new Map<string, number>(Object.entries(floatsKobo));
  const orders: SandboxOrder[] = [];
  const byRequest = new Map<string, SandboxOrder>();
  const requestKey = (supplier: string, kind: string, requestId: string) =>
    `${supplier}\u0000${kind}\u0000${requestId}`;
  // Callers get copies, as from the database: what they do with an answer stays out of the books.
  const copy = (order: SandboxOrder): SandboxOrder => ({ ...order, request: { ...order.request } });

  const placeOrder = (order: NewSandboxOrder): PlaceOrderResult => {
    const { supplier, kind, requestId } = order;
    const first =
      requestId === null ? undefined : byRequest.get(requestKey(supplier, kind, requestId));
    if (first) return { kind: 'duplicate', order: copy(first) };
    // The database's bigint column refuses what is not a whole number of kobo.
    if (!Number.isSafeInteger(order.amountKobo) || order.amountKobo < 0) {
      throw new RangeError(`Not a valid order amount: ${order.amountKobo}`);
    }
    const before = floats.get(supplier);
    const takes = order.status === 'failed' ? 0 : order.amountKobo;
    if (before === undefined || before < takes) {
      return { kind: 'insufficient', balanceKobo: before ?? 0 };
    }
    const stored: SandboxOrder = {
      id: orders.length + 1,
      supplier,
      kind,
      requestId,
      request: { ...order.request },
      status: order.status,
      amountKobo: order.amountKobo,
      token: kind === 'electricity' && order.status === 'successful' ? newSandboxToken() : null,
      createdAt: new Date(),
      balanceBeforeKobo: before,
      balanceAfterKobo: before - takes,
    };
    orders.push(stored);
    if (requestId !== null) byRequest.set(requestKey(supplier, kind, requestId), stored);
    floats.set(supplier, before - takes);
    return {
      kind: 'placed',
      order: copy(stored),
      balanceBeforeKobo: before,
      balanceAfterKobo: before - takes,
    };
  };

  const findOrder = (supplier: string, kind: string, key: string): SandboxOrder | null => {
    if (/^\d{1,9}$/.test(key)) {
      const byId = orders[Number(key) - 1];
      if (byId && byId.supplier === supplier && byId.kind === kind) return copy(byId);
    }
    const byRequestId = byRequest.get(requestKey(supplier, kind, key));
    return byRequestId ? copy(byRequestId) : null;
  };

  const settleOrder = (order: SandboxOrder, to: SandboxSettlement): SandboxOrder => {
    const stored = orders[order.id - 1];
    if (!stored) throw new Error(`No sandbox order ${order.id} in these books`);
    if (stored.status === SETTLES_FROM[to]) {
      stored.status = to;
      if (to === 'successful' && stored.kind === 'electricity') stored.token = newSandboxToken();
      if (givesFloatBack(to) && stored.amountKobo > 0) {
        floats.set(stored.supplier, (floats.get(stored.supplier) ?? 0) + stored.amountKobo);
      }
    }
    return copy(stored);
  };

  const topUpFloat = (supplier: TSupplier, amountKobo: number): number => {
    assertTopUpAmount(amountKobo);
    const after = (floats.get(supplier) ?? 0) + amountKobo;
    floats.set(supplier, after);
    return after;
  };

  return {
    findPlan: async (supplier, supplierPlanId) => priceLists[supplier]?.get(supplierPlanId) ?? null,
    placeOrder: async (order) => placeOrder(order),
    findOrder: async (supplier, kind, key) => findOrder(supplier, kind, key),
    settleOrder: async (order, to) => settleOrder(order, to),
    floatKobo: async (supplier) => floats.get(supplier) ?? 0,
    topUpFloat: async (supplier, amountKobo) => topUpFloat(supplier, amountKobo),
    // The benchmark's suppliers never go down: an outage is set in the app's database only.
    outage: async () => false,
  };
};
