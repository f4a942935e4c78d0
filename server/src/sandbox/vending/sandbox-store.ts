import { randomBytes } from 'node:crypto';
import type { TSupplier } from '@vendo/shared/constants';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pgErrorOf } from '../../db/pg-error.ts';
import { queryRows } from '../../db/query.ts';
import { rowFromRaw } from '../../db/rows.ts';
import { sandboxSupplierFloats, sandboxSupplierOrders } from '../../db/schema/index.ts';

/**
 * The sandbox suppliers' own books: their orders and their float (our wallet at the supplier).
 * Float rule: an order in 'successful' or 'processing' holds its amount; 'failed' holds nothing.
 * So float = opening + top-ups − Σ amount of successful/processing orders, at every moment.
 */

export type SandboxOrder = typeof sandboxSupplierOrders.$inferSelect;
export type SandboxOrderKind = 'data' | 'airtime' | 'electricity';
export type SandboxOrderStatus = 'successful' | 'failed' | 'processing';

/** A sandbox top-up larger than this is a typo, not a test. */
export const MAX_SANDBOX_TOPUP_KOBO = 100_000_000_00;

/** A fresh 20-digit electricity token. */
export const newSandboxToken = (): string =>
  (BigInt(`0x${randomBytes(12).toString('hex')}`) % 10n ** 20n).toString().padStart(20, '0');

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

export type SandboxPlan = { name: string; network: string; costKobo: number };

/** How long a sandbox supplier keeps its price list before reading it again. */
export const PRICE_LIST_TTL_MS = 5_000;
const priceLists = new WeakMap<
  Db,
  Map<TSupplier, { readAt: number; plans: Map<string, SandboxPlan> }>
>();

/**
 * The supplier's price list is the catalogue's cost price, by the supplier's plan id. Like a real
 * supplier's list it is the supplier's own data: each sandbox supplier reads it at most every
 * PRICE_LIST_TTL_MS, not once per order.
 */
export const findSandboxPlan = async (
  db: Db,
  supplier: TSupplier,
  supplierPlanId: string,
  now = Date.now(),
): Promise<SandboxPlan | null> => {
  let lists = priceLists.get(db);
  if (!lists) {
    lists = new Map();
    priceLists.set(db, lists);
  }
  let list = lists.get(supplier);
  if (!list || now < list.readAt || now - list.readAt >= PRICE_LIST_TTL_MS) {
    const rows = await queryRows<{
      supplier_plan_id: string;
      plan: string;
      network: string;
      plan_type: string;
      cost_price_kobo: string | number;
    }>(
      db,
      sql`select supplier_plan_ids ->> ${supplier} as supplier_plan_id, plan, network, plan_type,
            cost_price_kobo
          from data_plans where supplier_plan_ids ? ${supplier}
          order by sort_order, plan_id`,
    );
    const plans = new Map<string, SandboxPlan>();
    for (const row of rows) {
      // The first in catalogue order wins, as it always has.
      if (plans.has(row.supplier_plan_id)) continue;
      plans.set(row.supplier_plan_id, {
        name: `${row.network} ${row.plan_type} ${row.plan}`,
        network: row.network,
        costKobo: Number(row.cost_price_kobo),
      });
    }
    list = { readAt: now, plans };
    lists.set(supplier, list);
  }
  return list.plans.get(supplierPlanId) ?? null;
};

export type PlaceOrderResult =
  | { kind: 'placed'; order: SandboxOrder; balanceBeforeKobo: number; balanceAfterKobo: number }
  /** The same request_id was seen before: the earlier order, untouched. */
  | { kind: 'duplicate'; order: SandboxOrder }
  /** The float cannot cover the amount; nothing was stored or taken. */
  | { kind: 'insufficient'; balanceKobo: number };

/**
 * Stores an order and takes its amount from the float in ONE statement: the float row is every
 * order's hot row, so it is locked for a single statement, not a transaction. The float's CHECK
 * (≥ 0) refuses an order it cannot cover, and the order's insert rolls back with it. A 'failed'
 * order takes nothing. A request_id is unique per supplier and kind (an index): a repeat, even a
 * concurrent one, stores nothing and answers the first order.
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
): Promise<PlaceOrderResult> => {
  const { supplier, kind, requestId, amountKobo, status } = input;
  const token = kind === 'electricity' && status === 'successful' ? newSandboxToken() : null;
  const takesKobo = status === 'failed' ? 0 : amountKobo;
  let row:
    { placed: Record<string, unknown> | null; float_kobo: string | number | null } | undefined;
  try {
    [row] = await queryRows(
      db,
      sql`with placed as (
        insert into sandbox_supplier_orders (supplier, kind, request_id, request, status, amount_kobo, token)
        select ${supplier}, ${kind}, ${requestId}, ${JSON.stringify(input.request)}::jsonb, ${status},
          ${amountKobo}::bigint, ${token}
        where exists (select 1 from sandbox_supplier_floats where supplier = ${supplier})
        on conflict (supplier, kind, request_id) where request_id is not null do nothing
        returning *),
      taken as (
        update sandbox_supplier_floats f set balance_kobo = f.balance_kobo - ${takesKobo}::bigint
        from placed where f.supplier = placed.supplier and ${takesKobo}::bigint > 0
        returning f.balance_kobo)
      select (select row_to_json(placed) from placed) as placed,
        coalesce((select balance_kobo from taken),
          (select balance_kobo from sandbox_supplier_floats where supplier = ${supplier})) as float_kobo`,
    );
  } catch (error) {
    if (pgErrorOf(error)?.constraint === 'sandbox_supplier_floats_nonnegative') {
      return { kind: 'insufficient', balanceKobo: await sandboxFloatKobo(db, supplier) };
    }
    throw error;
  }
  const balanceAfterKobo = Number(row?.float_kobo ?? 0);
  if (row?.placed) {
    return {
      kind: 'placed',
      order: rowFromRaw(sandboxSupplierOrders, row.placed),
      balanceBeforeKobo: balanceAfterKobo + takesKobo,
      balanceAfterKobo,
    };
  }
  // No float row at all: nothing can be covered.
  if (row?.float_kobo === null || row?.float_kobo === undefined || requestId === null) {
    return { kind: 'insufficient', balanceKobo: balanceAfterKobo };
  }
  const [first] = await db
    .select()
    .from(sandboxSupplierOrders)
    .where(
      and(
        eq(sandboxSupplierOrders.supplier, supplier),
        eq(sandboxSupplierOrders.kind, kind),
        eq(sandboxSupplierOrders.requestId, requestId),
      ),
    );
  return first
    ? { kind: 'duplicate', order: first }
    : { kind: 'insufficient', balanceKobo: balanceAfterKobo };
};

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
          ? { token: newSandboxToken() }
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
