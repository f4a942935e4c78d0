import { randomBytes } from 'node:crypto';
import type { TSupplier } from '@vendo/shared/constants';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pgErrorOf } from '../../db/pg-error.ts';
import { queryPreparedText, queryRows } from '../../db/query.ts';
import { createBatcher, type Batcher } from '../../lib/batcher.ts';
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

/** Refuses a top-up that is not a whole number of kobo in (0, MAX_SANDBOX_TOPUP_KOBO]. */
export const assertTopUpAmount = (amountKobo: number): void => {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo > MAX_SANDBOX_TOPUP_KOBO) {
    throw new RangeError(`Not a valid top-up amount: ${amountKobo}`);
  }
};

/** Adds to a sandbox supplier's float (an admin action); answers the new balance in kobo. */
export const topUpSandboxFloat = async (
  db: DbOrTx,
  supplier: TSupplier,
  amountKobo: number,
): Promise<number> => {
  assertTopUpAmount(amountKobo);
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

/** A sandbox supplier's price list, by its plan id: the catalogue's cost price of each plan. */
export const readSandboxPriceList = async (
  db: DbOrTx,
  supplier: TSupplier,
): Promise<Map<string, SandboxPlan>> => {
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
  return plans;
};

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
    list = { readAt: now, plans: await readSandboxPriceList(db, supplier) };
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

export type NewSandboxOrder = {
  supplier: TSupplier;
  kind: SandboxOrderKind;
  requestId: string | null;
  request: Record<string, unknown>;
  amountKobo: number;
  status: SandboxOrderStatus;
};

const takesKoboOf = (order: NewSandboxOrder) => (order.status === 'failed' ? 0 : order.amountKobo);

/** storeSandboxOrders's statement: the orders travel as one JSON parameter ($1). */
const STORE_ORDERS = `with input as (
      select * from jsonb_to_recordset($1::jsonb) as i(ord int, supplier text, kind text,
        request_id text, request jsonb, status text, amount_kobo bigint, token text)),
    placed as (
      insert into sandbox_supplier_orders (supplier, kind, request_id, request, status, amount_kobo, token)
      select i.supplier, i.kind, i.request_id, i.request, i.status, i.amount_kobo, i.token
      from input i
      where exists (select 1 from sandbox_supplier_floats f where f.supplier = i.supplier)
      order by i.ord
      on conflict (supplier, kind, request_id) where request_id is not null do nothing
      returning *),
    taken as (
      update sandbox_supplier_floats f set balance_kobo = f.balance_kobo - t.kobo
      from (select p.supplier, sum(case when p.status = 'failed' then 0 else p.amount_kobo end) as kobo
            from placed p group by p.supplier) t
      where f.supplier = t.supplier and t.kobo > 0
      returning f.supplier, f.balance_kobo)
    select (select json_agg(row_to_json(p) order by p.id) from placed p) as placed,
      (select json_agg(json_build_object('supplier', f.supplier,
          'balance_kobo', coalesce(t.balance_kobo, f.balance_kobo)))
        from sandbox_supplier_floats f left join taken t on t.supplier = f.supplier) as floats`;

/**
 * Stores orders and takes their amounts from the float in ONE statement: the float row is every
 * order's hot row, so it is locked for a single statement, once for the whole batch, not a
 * transaction. The float's CHECK (≥ 0) refuses a batch it cannot cover, and the inserts roll back
 * with it. A 'failed' order takes nothing. A request_id is unique per supplier and kind (an
 * index): a repeat, even a concurrent one, stores nothing. Answers, per order in order, the
 * stored row (null when nothing was stored) and the float after the whole batch.
 */
const storeSandboxOrders = async (
  db: Db,
  orders: (NewSandboxOrder & { token: string | null })[],
): Promise<{ placed: SandboxOrder[]; floats: Map<string, number> }> => {
  const input = JSON.stringify(
    orders.map((o, ord) => ({
      ord,
      supplier: o.supplier,
      kind: o.kind,
      request_id: o.requestId,
      request: o.request,
      status: o.status,
      amount_kobo: o.amountKobo,
      token: o.token,
    })),
  );
  const [row] = await queryPreparedText<{ placed: unknown[] | null; floats: unknown[] | null }>(
    db,
    STORE_ORDERS,
    [input],
  );
  const placed = (row?.placed ?? []).map((raw) =>
    rowFromRaw(sandboxSupplierOrders, raw as Record<string, unknown>),
  );
  const floats = new Map(
    (row?.floats ?? []).map((f) => {
      const { supplier, balance_kobo } = f as { supplier: string; balance_kobo: string | number };
      return [supplier, Number(balance_kobo)] as const;
    }),
  );
  return { placed, floats };
};

/** Places one order alone: stores it, or says why not (a repeat, or a float that cannot cover it). */
const placeOne = async (
  db: Db,
  order: NewSandboxOrder & { token: string | null },
): Promise<PlaceOrderResult> => {
  const { supplier, kind, requestId } = order;
  let stored: Awaited<ReturnType<typeof storeSandboxOrders>>;
  try {
    stored = await storeSandboxOrders(db, [order]);
  } catch (error) {
    if (pgErrorOf(error)?.constraint === 'sandbox_supplier_floats_nonnegative') {
      return { kind: 'insufficient', balanceKobo: await sandboxFloatKobo(db, supplier) };
    }
    throw error;
  }
  const floatKobo = stored.floats.get(supplier);
  const [placed] = stored.placed;
  if (placed) {
    return {
      kind: 'placed',
      order: placed,
      balanceBeforeKobo: (floatKobo ?? 0) + takesKoboOf(order),
      balanceAfterKobo: floatKobo ?? 0,
    };
  }
  // No float row at all: nothing can be covered.
  if (floatKobo === undefined || requestId === null) {
    return { kind: 'insufficient', balanceKobo: floatKobo ?? 0 };
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
    : { kind: 'insufficient', balanceKobo: floatKobo };
};

/** The key that makes an order a repeat of another. */
const requestKey = (o: { supplier: string; kind: string; requestId: string | null }) =>
  `${o.supplier}\u0000${o.kind}\u0000${o.requestId}`;

/**
 * Places a batch: when every order has its own request_id (so each stored row can be told apart)
 * and the floats cover them all, one statement stores them all. A batch with repeats or without
 * request ids is placed order by order, and so is any order the batch did not store (a repeat of
 * an earlier order). A batch the floats cannot cover throws, and the batcher retries it order by
 * order.
 */
const placeBatch = async (
  db: Db,
  orders: (NewSandboxOrder & { token: string | null })[],
): Promise<PlaceOrderResult[]> => {
  const keys = new Set(orders.map(requestKey));
  if (
    orders.length === 1 ||
    keys.size < orders.length ||
    orders.some((o) => o.requestId === null)
  ) {
    const results: PlaceOrderResult[] = [];
    for (const order of orders) results.push(await placeOne(db, order));
    return results;
  }
  // A batch the floats cannot cover as a whole fails here, and the batcher places its orders
  // one by one (placeOne answers 'insufficient' to those the float cannot cover).
  const stored = await storeSandboxOrders(db, orders);
  const byKey = new Map(stored.placed.map((p) => [requestKey(p), p]));
  // The float after the batch, walked back order by order to each order's own before and after.
  const after = new Map(stored.floats);
  for (const order of orders) {
    if (byKey.has(requestKey(order))) {
      after.set(order.supplier, (after.get(order.supplier) ?? 0) + takesKoboOf(order));
    }
  }
  const results: PlaceOrderResult[] = [];
  for (const order of orders) {
    const placed = byKey.get(requestKey(order));
    if (!placed) {
      results.push(await placeOne(db, order));
      continue;
    }
    const before = after.get(order.supplier) ?? 0;
    const balanceAfterKobo = before - takesKoboOf(order);
    after.set(order.supplier, balanceAfterKobo);
    results.push({ kind: 'placed', order: placed, balanceBeforeKobo: before, balanceAfterKobo });
  }
  return results;
};

/** The most orders one statement carries. */
export const SANDBOX_ORDER_BATCH_MAX = 64;
const orderBatchers = new WeakMap<
  Db,
  Batcher<NewSandboxOrder & { token: string | null }, PlaceOrderResult>
>();

/**
 * Places an order: stores it and takes its amount from the float, both or neither (see
 * storeSandboxOrders). Orders that arrive together share one statement (lib/batcher.ts), as a
 * busy supplier's books would take them; each caller gets its own answer.
 */
export const placeSandboxOrder = (db: Db, input: NewSandboxOrder): Promise<PlaceOrderResult> => {
  let batcher = orderBatchers.get(db);
  if (!batcher) {
    batcher = createBatcher((orders) => placeBatch(db, orders), {
      maxBatch: SANDBOX_ORDER_BATCH_MAX,
    });
    orderBatchers.set(db, batcher);
  }
  const token =
    input.kind === 'electricity' && input.status === 'successful' ? newSandboxToken() : null;
  return batcher({ ...input, token });
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
