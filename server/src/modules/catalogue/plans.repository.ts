import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TNetwork } from '@vendo/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { byNetwork } from './catalogue.repository.ts';
import {
  dataPlans,
  networkSettings,
  planPriceHistory,
  transactions,
  users,
  type PlanPrices,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { DataPlanRow } from './catalogue.repository.ts';

/** The plans of the catalogue back office: every query by key or by network. */

export type NewPlan = Omit<
  typeof dataPlans.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'retiredAt' | 'sortOrder'
>;

/** A network's plans (available or not), retired ones aside, in the buyers' order. */
export const listNetworkPlans = (db: DbOrTx, network: TNetwork): Promise<DataPlanRow[]> =>
  db
    .select()
    .from(dataPlans)
    .where(and(eq(dataPlans.network, network), isNull(dataPlans.retiredAt)))
    .orderBy(asc(dataPlans.sortOrder), asc(dataPlans.planType), asc(dataPlans.volumeMb));

/** A plan that is not retired, by our id; taken FOR UPDATE inside a transaction. */
export const findLivePlan = async (
  db: DbOrTx,
  id: string,
  { forUpdate = false } = {},
): Promise<DataPlanRow | null> => {
  if (!isUuid(id)) return null;
  const query = db
    .select()
    .from(dataPlans)
    .where(and(eq(dataPlans.id, id), isNull(dataPlans.retiredAt)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
};

/** The live plans of one network and type, locked for a rescale. */
export const lockPlansOfType = (
  db: DbOrTx,
  network: string,
  planType: string,
): Promise<DataPlanRow[]> =>
  db
    .select()
    .from(dataPlans)
    .where(
      and(
        eq(dataPlans.network, network),
        eq(dataPlans.planType, planType),
        isNull(dataPlans.retiredAt),
      ),
    )
    .orderBy(asc(dataPlans.volumeMb))
    .for('update');

/** Whether another live plan of the network already uses this plan id. */
export const planIdTaken = async (
  db: DbOrTx,
  network: string,
  planId: string,
  exceptId?: string,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: dataPlans.id })
    .from(dataPlans)
    .where(
      and(
        eq(dataPlans.network, network),
        eq(dataPlans.planId, planId),
        isNull(dataPlans.retiredAt),
        exceptId ? sql`${dataPlans.id} <> ${exceptId}::uuid` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
};

export const insertPlan = async (db: DbOrTx, plan: NewPlan): Promise<DataPlanRow> => {
  const [row] = await db.insert(dataPlans).values(plan).returning();
  return row!;
};

export const updatePlan = async (
  db: DbOrTx,
  id: string,
  set: Partial<NewPlan>,
): Promise<DataPlanRow> => {
  const [row] = await db
    .update(dataPlans)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(dataPlans.id, id))
    .returning();
  return row!;
};

/** Whether any transaction names the plan (its receipts must keep it). */
export const planHasPurchases = async (db: DbOrTx, id: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.planId, id))
    .limit(1);
  return row !== undefined;
};

export const retirePlan = async (db: DbOrTx, id: string): Promise<void> => {
  await db
    .update(dataPlans)
    .set({ retiredAt: sql`now()`, isAvailable: false, updatedAt: sql`now()` })
    .where(eq(dataPlans.id, id));
};

/** Erases a plan nobody bought, with its price history. */
export const erasePlan = async (db: DbOrTx, id: string): Promise<void> => {
  await db.delete(planPriceHistory).where(eq(planPriceHistory.planId, id));
  await db.delete(dataPlans).where(eq(dataPlans.id, id));
};

/** The price fields a plan's history records. */
export const pricesOf = (plan: DataPlanRow): PlanPrices => ({
  costPriceKobo: plan.costPriceKobo,
  smartEarnerPriceKobo: plan.smartEarnerPriceKobo,
  resellerPriceKobo: plan.resellerPriceKobo,
  apiPriceKobo: plan.apiPriceKobo,
  partnerPriceKobo: plan.partnerPriceKobo,
  isAvailable: plan.isAvailable,
});

const samePrices = (a: PlanPrices, b: PlanPrices) =>
  (Object.keys(a) as (keyof PlanPrices)[]).every((key) => a[key] === b[key]);

/** Records a change of prices, cost or availability (nothing when none of them changed). */
export const recordPriceChange = async (
  db: DbOrTx,
  entry: { planId: string; actorId: string; before: PlanPrices | null; after: PlanPrices },
): Promise<void> => {
  if (entry.before && samePrices(entry.before, entry.after)) return;
  await db.insert(planPriceHistory).values(entry);
};

/** A plan's price history, newest first, with the staff member's username. */
export const listPriceHistory = (db: DbOrTx, planId: string) =>
  db
    .select({
      createdAt: planPriceHistory.createdAt,
      by: users.userName,
      before: planPriceHistory.before,
      after: planPriceHistory.after,
    })
    .from(planPriceHistory)
    .leftJoin(users, eq(users.id, planPriceHistory.actorId))
    .where(eq(planPriceHistory.planId, planId))
    .orderBy(desc(planPriceHistory.createdAt), desc(planPriceHistory.id))
    .limit(200);

/** Each network's cost per GB (kobo). */
export const listNetworkCosts = (db: DbOrTx) =>
  db
    .select({ network: networkSettings.network, costPriceKobo: networkSettings.costPriceKobo })
    .from(networkSettings)
    .orderBy(byNetwork(networkSettings.network));

/** A network's cost per GB: its row before and after, or null if the network has no row. */
export const setNetworkCost = async (
  db: DbOrTx,
  network: TNetwork,
  costPriceKobo: number,
): Promise<{ before: number; after: number } | null> => {
  const [before] = await db
    .select({ cost: networkSettings.costPriceKobo })
    .from(networkSettings)
    .where(eq(networkSettings.network, network))
    .for('update');
  if (!before) return null;
  await db
    .update(networkSettings)
    .set({ costPriceKobo, updatedAt: sql`now()` })
    .where(eq(networkSettings.network, network));
  return { before: before.cost, after: costPriceKobo };
};

/** The network's cost per GB (0 when it has none). */
export const networkCostPerGb = async (db: DbOrTx, network: string): Promise<number> => {
  const [row] = await db
    .select({ cost: networkSettings.costPriceKobo })
    .from(networkSettings)
    .where(eq(networkSettings.network, network));
  return row?.cost ?? 0;
};
