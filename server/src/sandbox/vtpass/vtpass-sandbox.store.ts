import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxVtpassOrders } from '../../db/schema/index.ts';

/** The sandbox VTpass's orders (db/schema/sandbox.ts): each statement stands alone. */

export type SandboxVtpassOrder = typeof sandboxVtpassOrders.$inferSelect;
export type NewSandboxVtpassOrder = Omit<
  typeof sandboxVtpassOrders.$inferInsert,
  'transactionId' | 'createdAt'
>;

/** Records an order; null when its request_id is already taken (VTpass's 014). */
export const placeVtpassOrder = async (
  db: DbOrTx,
  order: NewSandboxVtpassOrder,
): Promise<SandboxVtpassOrder | null> => {
  const [row] = await db
    .insert(sandboxVtpassOrders)
    .values({
      ...order,
      // VTpass's transaction ids are long digit strings; ours: the request id's time and a sequence.
      transactionId: sql`${order.requestId.slice(0, 12)} || lpad((floor(random() * 1e12))::bigint::text, 12, '0')`,
    })
    .onConflictDoNothing({ target: sandboxVtpassOrders.requestId })
    .returning();
  return row ?? null;
};

/**
 * The order under a request_id, settled first when it was pending (a re-query settles it once,
 * to where its trigger said); undefined when there is none (VTpass's 015).
 */
export const requeryVtpassOrder = async (
  db: DbOrTx,
  requestId: string,
): Promise<SandboxVtpassOrder | undefined> => {
  const [settled] = await db
    .update(sandboxVtpassOrders)
    .set({ status: sql`${sandboxVtpassOrders.settlesTo}` })
    .where(
      and(
        eq(sandboxVtpassOrders.requestId, requestId),
        eq(sandboxVtpassOrders.status, 'pending'),
        isNotNull(sandboxVtpassOrders.settlesTo),
      ),
    )
    .returning();
  if (settled) return settled;
  const [row] = await db
    .select()
    .from(sandboxVtpassOrders)
    .where(eq(sandboxVtpassOrders.requestId, requestId));
  return row;
};

/**
 * The sandbox VTpass's books. The app keeps them in its database (`databaseVtpassBooks`), so
 * orders survive a restart and two processes see the same orders. The benchmark's supplier
 * process keeps them in memory (`memoryVtpassBooks`): a real VTpass's bookkeeping does not run on
 * our CPU. Both keep the same rules (vtpass-sandbox.books.test.ts runs one set of cases on each):
 * - a request_id names one order: a repeat is refused (null) and the first order stands;
 * - a re-query settles a pending order once, to where its trigger said, and answers it.
 */
export type VtpassBooks = {
  place(order: NewSandboxVtpassOrder): Promise<SandboxVtpassOrder | null>;
  requery(requestId: string): Promise<SandboxVtpassOrder | undefined>;
};

export const databaseVtpassBooks = (db: DbOrTx): VtpassBooks => ({
  place: (order) => placeVtpassOrder(db, order),
  requery: (requestId) => requeryVtpassOrder(db, requestId),
});

/** Books in this process's memory, for a sandbox VTpass served alone (the benchmark). */
export const memoryVtpassBooks = (): VtpassBooks => {
  const orders = new Map<string, SandboxVtpassOrder>();
  let sequence = 0;
  // Callers get copies, as from the database: what they do with an answer stays out of the books.
  const copy = (order: SandboxVtpassOrder): SandboxVtpassOrder => ({
    ...order,
    pins: order.pins ? order.pins.map((pin) => ({ ...pin })) : null,
  });
  return {
    place: async (order) => {
      if (orders.has(order.requestId)) return null;
      sequence += 1;
      const stored: SandboxVtpassOrder = {
        quantity: 1,
        settlesTo: null,
        pins: null,
        ...order,
        transactionId: `${order.requestId.slice(0, 12)}${String(sequence).padStart(12, '0')}`,
        createdAt: new Date(),
      };
      orders.set(order.requestId, stored);
      return copy(stored);
    },
    requery: async (requestId) => {
      const stored = orders.get(requestId);
      if (!stored) return undefined;
      if (stored.status === 'pending' && stored.settlesTo !== null)
        stored.status = stored.settlesTo;
      return copy(stored);
    },
  };
};
