import { createHash } from 'node:crypto';
import type { TSupplier } from '@vendo/shared/constants';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { sandboxSupplierFloats, sandboxSupplierOrders } from '../../db/schema/index.ts';

/**
 * The sandbox suppliers' own books: their orders and their float (our wallet at the supplier).
 * Float rule: an order in 'successful' or 'processing' holds its amount; 'failed' holds nothing.
 * So float = opening + top-ups − Σ amount of successful/processing orders, at every moment.
 */

export type SandboxOrder = typeof sandboxSupplierOrders.$inferSelect;
export type SandboxOrderKind = 'data' | 'airtime' | 'electricity';
export type SandboxOrderStatus = 'successful' | 'failed' | 'processing';

/** Namespace for the advisory locks below (the migrator uses 7246001). */
const ORDER_LOCK_NAMESPACE = 7246002;
/** A sandbox top-up larger than this is a typo, not a test. */
export const MAX_SANDBOX_TOPUP_KOBO = 100_000_000_00;

/** A deterministic 20-digit electricity token for an order. */
export const sandboxToken = (supplier: TSupplier, orderId: number): string => {
  const hash = createHash('sha256').update(`${supplier}:${orderId}`).digest('hex');
  return (BigInt(`0x${hash.slice(0, 24)}`) % 10n ** 20n).toString().padStart(20, '0');
};

/** Adds to a sandbox supplier's float (an admin action); answers the new balance in kobo. */
export const topUpSandboxFloat = async (
  db: DbOrTx,
  supplier: TSupplier,
  amountKobo: number,
): Promise<number> => {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo > MAX_SANDBOX_TOPUP_KOBO) {
    throw new RangeError(`Not a valid top-up amount: ${amountKobo}`);
  }
  const [row] = await db
    .insert(sandboxSupplierFloats)
    .values({ supplier, balanceKobo: amountKobo })
    .onConflictDoUpdate({
      target: sandboxSupplierFloats.supplier,
      set: { balanceKobo: sql`${sandboxSupplierFloats.balanceKobo} + excluded.balance_kobo` },
    })
    .returning({ balanceKobo: sandboxSupplierFloats.balanceKobo });
  return row!.balanceKobo;
};

/** A sandbox supplier's float in kobo (0 when it has none). */
export const sandboxFloatKobo = async (db: DbOrTx, supplier: TSupplier): Promise<number> => {
  const [row] = await db
    .select({ balanceKobo: sandboxSupplierFloats.balanceKobo })
    .from(sandboxSupplierFloats)
    .where(eq(sandboxSupplierFloats.supplier, supplier));
  return row?.balanceKobo ?? 0;
};

/** The supplier's price list is the catalogue's cost price, found by the supplier's plan id. */
export const findSandboxPlan = async (
  db: Db,
  supplier: TSupplier,
  supplierPlanId: string,
): Promise<{ name: string; network: string; costKobo: number } | null> => {
  const [row] = await queryRows<{
    plan: string;
    network: string;
    plan_type: string;
    cost_price_kobo: string | number;
  }>(
    db,
    sql`select plan, network, plan_type, cost_price_kobo from data_plans
        where supplier_plan_ids ->> ${supplier} = ${supplierPlanId}
        order by sort_order, plan_id limit 1`,
  );
  if (!row) return null;
  return {
    name: `${row.network} ${row.plan_type} ${row.plan}`,
    network: row.network,
    costKobo: Number(row.cost_price_kobo),
  };
};

export type PlaceOrderResult =
  | { kind: 'placed'; order: SandboxOrder; balanceBeforeKobo: number; balanceAfterKobo: number }
  /** The same request_id was seen before: the earlier order, untouched. */
  | { kind: 'duplicate'; order: SandboxOrder }
  /** The float cannot cover the amount; nothing was stored or taken. */
  | { kind: 'insufficient'; balanceKobo: number };

/**
 * Stores an order and takes its amount from the float in one transaction. The debit is one
 * conditional UPDATE, so concurrent orders can never take the float below zero. A 'failed'
 * order takes nothing. Orders with a request_id are idempotent per supplier and kind.
 */
export const placeSandboxOrder = async (
  db: Db,
  input: {
    supplier: TSupplier;
    kind: SandboxOrderKind;
    requestId: string | null;
    request: Record<string, unknown>;
    amountKobo: number;
    status: SandboxOrderStatus;
  },
): Promise<PlaceOrderResult> =>
  db
    .transaction(async (tx): Promise<PlaceOrderResult> => {
      const { supplier, kind, requestId, amountKobo, status } = input;
      if (requestId !== null) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${ORDER_LOCK_NAMESPACE}, hashtext(${`${supplier}:${kind}:${requestId}`}))`,
        );
        const [existing] = await tx
          .select()
          .from(sandboxSupplierOrders)
          .where(
            and(
              eq(sandboxSupplierOrders.supplier, supplier),
              eq(sandboxSupplierOrders.kind, kind),
              eq(sandboxSupplierOrders.requestId, requestId),
            ),
          )
          .orderBy(desc(sandboxSupplierOrders.id))
          .limit(1);
        if (existing) return { kind: 'duplicate', order: existing };
      }

      const [inserted] = await tx
        .insert(sandboxSupplierOrders)
        .values({ supplier, kind, requestId, request: input.request, status, amountKobo })
        .returning();
      let order = inserted!;
      if (kind === 'electricity' && status === 'successful') {
        const [withToken] = await tx
          .update(sandboxSupplierOrders)
          .set({ token: sandboxToken(supplier, order.id) })
          .where(eq(sandboxSupplierOrders.id, order.id))
          .returning();
        order = withToken!;
      }

      // The float row is every order's hot row: take it last, just before commit, so its lock is
      // held for one statement. If it cannot cover the order, the insert above is rolled back.
      let balanceAfterKobo: number;
      if (status === 'failed') {
        balanceAfterKobo = await sandboxFloatKobo(tx, supplier);
      } else {
        const [debited] = await tx
          .update(sandboxSupplierFloats)
          .set({ balanceKobo: sql`${sandboxSupplierFloats.balanceKobo} - ${amountKobo}` })
          .where(
            and(
              eq(sandboxSupplierFloats.supplier, supplier),
              gte(sandboxSupplierFloats.balanceKobo, amountKobo),
            ),
          )
          .returning({ balanceKobo: sandboxSupplierFloats.balanceKobo });
        if (!debited) throw new InsufficientFloat(await sandboxFloatKobo(tx, supplier));
        balanceAfterKobo = debited.balanceKobo;
      }
      const balanceBeforeKobo =
        status === 'failed' ? balanceAfterKobo : balanceAfterKobo + amountKobo;
      return { kind: 'placed', order, balanceBeforeKobo, balanceAfterKobo };
    })
    .catch((error: unknown) => {
      if (error instanceof InsufficientFloat)
        return { kind: 'insufficient', balanceKobo: error.balanceKobo };
      throw error;
    });

/** Rolls back an order the float cannot cover. */
class InsufficientFloat extends Error {
  constructor(readonly balanceKobo: number) {
    super('insufficient float');
  }
}

/**
 * Finds an order of this supplier and kind by the supplier's id or by the request_id the buyer
 * sent. An all-digit key is tried as our id first (that is what the supplier hands out), then as
 * a request_id.
 */
export const findSandboxOrder = async (
  db: Db,
  supplier: TSupplier,
  kind: SandboxOrderKind,
  key: string,
): Promise<SandboxOrder | null> => {
  const scope = and(
    eq(sandboxSupplierOrders.supplier, supplier),
    eq(sandboxSupplierOrders.kind, kind),
  );
  if (/^\d{1,9}$/.test(key)) {
    const [byId] = await db
      .select()
      .from(sandboxSupplierOrders)
      .where(and(scope, eq(sandboxSupplierOrders.id, Number(key))));
    if (byId) return byId;
  }
  const [byRequestId] = await db
    .select()
    .from(sandboxSupplierOrders)
    .where(and(scope, eq(sandboxSupplierOrders.requestId, key)))
    .orderBy(desc(sandboxSupplierOrders.id))
    .limit(1);
  return byRequestId ?? null;
};

/**
 * Moves a 'processing' order to its final status once (guarded UPDATE); a failed one gives its
 * amount back to the float in the same transaction. Answers the order as it now stands.
 */
export const settleSandboxOrder = async (
  db: Db,
  order: SandboxOrder,
  to: 'successful' | 'failed',
): Promise<SandboxOrder> =>
  db.transaction(async (tx) => {
    const supplier = order.supplier as TSupplier;
    const [settled] = await tx
      .update(sandboxSupplierOrders)
      .set({
        status: to,
        ...(to === 'successful' && order.kind === 'electricity'
          ? { token: sandboxToken(supplier, order.id) }
          : {}),
      })
      .where(
        and(eq(sandboxSupplierOrders.id, order.id), eq(sandboxSupplierOrders.status, 'processing')),
      )
      .returning();
    if (!settled) {
      const [current] = await tx
        .select()
        .from(sandboxSupplierOrders)
        .where(eq(sandboxSupplierOrders.id, order.id));
      return current!;
    }
    if (to === 'failed' && settled.amountKobo > 0) {
      await tx
        .update(sandboxSupplierFloats)
        .set({ balanceKobo: sql`${sandboxSupplierFloats.balanceKobo} + ${settled.amountKobo}` })
        .where(eq(sandboxSupplierFloats.supplier, supplier));
    }
    return settled;
  });
