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
