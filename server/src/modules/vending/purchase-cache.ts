import type { TNetwork, TSupplier } from '@vendo/shared/constants';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { dataPlans, networkSettings, services, users } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { DataPlanRow } from '../catalogue/catalogue.repository.ts';
import type { UserRow } from '../users/users.repository.ts';

/**
 * What every purchase reads before it moves money, kept in memory so that a purchase's first
 * statement is its debit (decision 0007):
 *
 * - The caller's user row, for up to USER_TTL_MS. It is safe to keep because the debit proves it
 *   current: it moves money only if the row's `row_version` (bumped by a trigger on every change)
 *   is still the cached one. When it is not, the purchase reloads the user and prices again.
 * - The catalogue (service locks, each network's supplier and cost, the data plans) for up to
 *   CATALOGUE_TTL_MS. Admin changes made through this process apply at once (they call
 *   invalidatePurchaseCatalogue); in another process they apply within a second. A customer
 *   buying in that second pays the price the screen showed them.
 */
export const USER_TTL_MS = 60_000;
export const CATALOGUE_TTL_MS = 1_000;
const MAX_CACHED_USERS = 10_000;

export type PurchaseCatalogue = {
  /** Services an admin has locked (a service with no row is open). */
  locked: ReadonlySet<string>;
  networks: ReadonlyMap<string, { supplier: TSupplier; costPerGbKobo: number }>;
  plans: readonly DataPlanRow[];
};

type Cache = {
  users: Map<string, { row: UserRow; readAt: number }>;
  catalogue: { readAt: number; value: Promise<PurchaseCatalogue> } | null;
};

// Per database, so test apps with their own databases never share entries.
const caches = new WeakMap<object, Cache>();
const cacheOf = (ctx: AppContext): Cache => {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = { users: new Map(), catalogue: null };
    caches.set(ctx.db, cache);
  }
  return cache;
};

/** A user row from the database, fresh, remembered for the next purchase. */
export const loadUser = async (ctx: AppContext, id: string): Promise<UserRow | null> => {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  const { users: cached } = cacheOf(ctx);
  cached.delete(id);
  if (!row) return null;
  if (cached.size >= MAX_CACHED_USERS) {
    // Maps iterate in insertion order: the first key is the longest unrefreshed.
    cached.delete(cached.keys().next().value!);
  }
  cached.set(id, { row, readAt: Date.now() });
  return row;
};

/** The user row as last read (at most USER_TTL_MS ago), else fresh. Check it with the debit. */
export const cachedUser = async (ctx: AppContext, id: string): Promise<UserRow | null> => {
  const hit = cacheOf(ctx).users.get(id);
  if (hit && Date.now() - hit.readAt < USER_TTL_MS) return hit.row;
  return loadUser(ctx, id);
};

const readCatalogue = async (ctx: AppContext): Promise<PurchaseCatalogue> => {
  const [serviceRows, networkRows, plans] = await Promise.all([
    ctx.db.select().from(services),
    ctx.db.select().from(networkSettings),
    ctx.db.select().from(dataPlans),
  ]);
  return {
    locked: new Set(serviceRows.filter((s) => !s.serviceStatus).map((s) => s.serviceName)),
    networks: new Map(
      networkRows.map((n) => [
        n.network,
        { supplier: n.supplierName as TSupplier, costPerGbKobo: n.costPriceKobo },
      ]),
    ),
    plans,
  };
};

/** The catalogue as read at most CATALOGUE_TTL_MS ago; concurrent callers share one read. */
export const purchaseCatalogue = (ctx: AppContext): Promise<PurchaseCatalogue> => {
  const cache = cacheOf(ctx);
  const now = Date.now();
  if (!cache.catalogue || now - cache.catalogue.readAt >= CATALOGUE_TTL_MS) {
    const value = readCatalogue(ctx);
    cache.catalogue = { readAt: now, value };
    // A failed read is not kept: the next purchase tries again.
    value.catch(() => {
      if (cache.catalogue?.value === value) cache.catalogue = null;
    });
  }
  return cache.catalogue.value;
};

/** Makes this process read the catalogue again on the next purchase (after an admin change). */
export const invalidatePurchaseCatalogue = (ctx: AppContext): void => {
  cacheOf(ctx).catalogue = null;
};

/** The supplier that serves a network (admin data, default ALARO) and its cost per GB. */
export const networkSupplier = (catalogue: PurchaseCatalogue, network: TNetwork) =>
  catalogue.networks.get(network) ?? { supplier: 'ALARO' as TSupplier, costPerGbKobo: 0 };

/** A network's plan by the plan id customers see, or by our id. */
export const findPlan = (
  catalogue: PurchaseCatalogue,
  network: TNetwork,
  plan: string,
): DataPlanRow | null =>
  catalogue.plans.find((p) => p.network === network && p.planId === plan) ??
  (isUuid(plan) ? catalogue.plans.find((p) => p.network === network && p.id === plan) : null) ??
  null;
