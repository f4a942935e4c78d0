import { randomBytes } from 'node:crypto';
import type { TSupplier } from '@vendo/shared/constants';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  dataPlans,
  sandboxSupplierFloats,
  sandboxSupplierOrders,
  sandboxSupplierOutages,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/retry.ts';

/**
 * The sandbox suppliers' own books: their orders and their float (our wallet at the supplier).
 * Float rule: an order in 'successful' or 'processing' holds its amount; 'failed', 'reversed'
 * and 'refunded' hold nothing. So float = opening + top-ups − Σ amount of successful/processing
 * orders, at every moment.
 */

export type SandboxOrder = typeof sandboxSupplierOrders.$inferSelect;
export type SandboxOrderKind = 'data' | 'airtime' | 'electricity';
export type SandboxOrderStatus = 'successful' | 'failed' | 'processing' | 'reversed' | 'refunded';

/** Where an order settles to, and from which status it may: one step at a time, once. */
export type SandboxSettlement = 'successful' | 'failed' | 'reversed' | 'refunded';
export const SETTLES_FROM: Record<SandboxSettlement, SandboxOrderStatus> = {
  successful: 'processing',
  failed: 'processing',
  reversed: 'successful',
  refunded: 'reversed',
};
/** A settlement that gives the order's amount back to the float. */
export const givesFloatBack = (to: SandboxSettlement): boolean =>
  to === 'failed' || to === 'reversed';

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

/** Whether an admin has put the sandbox supplier into an outage. */
export const sandboxOutage = async (db: DbOrTx, supplier: TSupplier): Promise<boolean> => {
  const [row] = await db
    .select({ supplier: sandboxSupplierOutages.supplier })
    .from(sandboxSupplierOutages)
    .where(eq(sandboxSupplierOutages.supplier, supplier));
  return row !== undefined;
};

/** Puts the sandbox supplier into an outage, or ends it. */
export const setSandboxOutage = async (
  db: DbOrTx,
  supplier: TSupplier,
  on: boolean,
): Promise<void> => {
  if (on) {
    await db.insert(sandboxSupplierOutages).values({ supplier }).onConflictDoNothing();
  } else {
    await db.delete(sandboxSupplierOutages).where(eq(sandboxSupplierOutages.supplier, supplier));
  }
};

export type SandboxPlan = { name: string; network: string; costKobo: number };

/** A sandbox supplier's plans: its plan id for each, and the catalogue's name and cost price. */
const planRows = (db: DbOrTx, supplier: TSupplier) =>
  db
    .select({
      supplierPlanId: sql<string>`${dataPlans.supplierPlanIds} ->> ${supplier}`,
      plan: dataPlans.plan,
      network: dataPlans.network,
      planType: dataPlans.planType,
      costKobo: dataPlans.costPriceKobo,
    })
    .from(dataPlans)
    .orderBy(asc(dataPlans.sortOrder), asc(dataPlans.planId))
    .$dynamic();

const sandboxPlanOf = (row: {
  plan: string;
  network: string;
  planType: string;
  costKobo: number;
}) => ({
  name: `${row.network} ${row.planType} ${row.plan}`,
  network: row.network,
  costKobo: row.costKobo,
});

/**
 * A sandbox supplier's price list, by its plan id: the catalogue's cost price of each plan (the
 * first in catalogue order where two share an id). The bench hands it to memory books.
 */
export const readSandboxPriceList = async (
  db: DbOrTx,
  supplier: TSupplier,
): Promise<Map<string, SandboxPlan>> => {
  const rows = await planRows(db, supplier).where(sql`${dataPlans.supplierPlanIds} ? ${supplier}`);
  const plans = new Map<string, SandboxPlan>();
  for (const row of rows) {
    if (!plans.has(row.supplierPlanId)) plans.set(row.supplierPlanId, sandboxPlanOf(row));
  }
  return plans;
};

/** One plan of a sandbox supplier's price list by its plan id, or null (as readSandboxPriceList). */
export const findSandboxPlan = async (
  db: DbOrTx,
  supplier: TSupplier,
  supplierPlanId: string,
): Promise<SandboxPlan | null> => {
  const [row] = await planRows(db, supplier)
    .where(sql`${dataPlans.supplierPlanIds} ->> ${supplier} = ${supplierPlanId}`)
    .limit(1);
  return row ? sandboxPlanOf(row) : null;
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

/** Thrown inside placeSandboxOrder's transaction to roll the order back. */
class FloatTooLow extends Error {}

/**
 * Places an order: stores it and takes its amount from the float (a 'failed' order takes
 * nothing), both or neither, in one transaction. The order is inserted first, so a repeat of a
 * request_id (unique per supplier and kind, even between concurrent orders) answers the earlier
 * order whatever the float. The float is then taken by a conditional UPDATE: when it cannot cover
 * the amount, or the supplier has no float at all, the order is rolled back and refused. The
 * float before and after is written on the order (its answers show them).
 */
export const placeSandboxOrder = async (
  db: Db,
  input: NewSandboxOrder,
): Promise<PlaceOrderResult> => {
  const { supplier, kind, requestId, amountKobo, status } = input;
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0) {
    throw new RangeError(`Not a valid order amount: ${amountKobo}`);
  }
  const takesKobo = status === 'failed' ? 0 : amountKobo;
  try {
    return await inTransaction(db, async (tx): Promise<PlaceOrderResult> => {
      const [order] = await tx
        .insert(sandboxSupplierOrders)
        .values({
          supplier,
          kind,
          requestId,
          request: input.request,
          status,
          amountKobo,
          token: kind === 'electricity' && status === 'successful' ? newSandboxToken() : null,
        })
        .onConflictDoNothing({
          target: [
            sandboxSupplierOrders.supplier,
            sandboxSupplierOrders.kind,
            sandboxSupplierOrders.requestId,
          ],
          where: sql`request_id is not null`,
        })
        .returning();
      if (!order) {
        const [earlier] = await tx
          .select()
          .from(sandboxSupplierOrders)
          .where(
            and(
              eq(sandboxSupplierOrders.supplier, supplier),
              eq(sandboxSupplierOrders.kind, kind),
              eq(sandboxSupplierOrders.requestId, requestId!),
            ),
          );
        return { kind: 'duplicate', order: earlier! };
      }
      const [float] = await tx
        .update(sandboxSupplierFloats)
        .set({ balanceKobo: sql`${sandboxSupplierFloats.balanceKobo} - ${takesKobo}` })
        .where(
          and(
            eq(sandboxSupplierFloats.supplier, supplier),
            gte(sandboxSupplierFloats.balanceKobo, takesKobo),
          ),
        )
        .returning({ balanceKobo: sandboxSupplierFloats.balanceKobo });
      if (!float) throw new FloatTooLow();
      const balanceBeforeKobo = float.balanceKobo + takesKobo;
      const [withBalances] = await tx
        .update(sandboxSupplierOrders)
        .set({ balanceBeforeKobo, balanceAfterKobo: float.balanceKobo })
        .where(eq(sandboxSupplierOrders.id, order.id))
        .returning();
      return {
        kind: 'placed',
        order: withBalances!,
        balanceBeforeKobo,
        balanceAfterKobo: float.balanceKobo,
      };
    });
  } catch (error) {
    if (!(error instanceof FloatTooLow)) throw error;
    return { kind: 'insufficient', balanceKobo: await sandboxFloatKobo(db, supplier) };
  }
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
 * Moves an order one step on, once (guarded UPDATE): a 'processing' one to successful or failed,
 * a successful one to reversed, a reversed one to refunded. Failed and reversed give its amount
 * back to the float in the same transaction. Answers the order as it now stands.
 */
export const settleSandboxOrder = async (
  db: Db,
  order: SandboxOrder,
  to: SandboxSettlement,
): Promise<SandboxOrder> =>
  inTransaction(db, async (tx) => {
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
        and(
          eq(sandboxSupplierOrders.id, order.id),
          eq(sandboxSupplierOrders.status, SETTLES_FROM[to]),
        ),
      )
      .returning();
    if (!settled) {
      const [current] = await tx
        .select()
        .from(sandboxSupplierOrders)
        .where(eq(sandboxSupplierOrders.id, order.id));
      return current!;
    }
    if (givesFloatBack(to) && settled.amountKobo > 0) {
      await tx
        .update(sandboxSupplierFloats)
        .set({ balanceKobo: sql`${sandboxSupplierFloats.balanceKobo} + ${settled.amountKobo}` })
        .where(eq(sandboxSupplierFloats.supplier, supplier));
    }
    return settled;
  });
