import { asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { dataPlans, services } from '../../db/schema/index.ts';

export type DataPlanRow = typeof dataPlans.$inferSelect;

/** Sorts by network in the order customers know them: MTN, GLO, AIRTEL, 9MOBILE. */
export const byNetwork = (network: AnyPgColumn) =>
  sql`array_position(array['MTN','GLO','AIRTEL','9MOBILE'], ${network})`;

// Networks in the order customers know them, then the admin's order, then by volume.
const ORDER = [byNetwork(dataPlans.network), asc(dataPlans.sortOrder), asc(dataPlans.volumeMb)];

export const listAvailablePlans = (db: DbOrTx): Promise<DataPlanRow[]> =>
  db
    .select()
    .from(dataPlans)
    .where(eq(dataPlans.isAvailable, true))
    .orderBy(...ORDER);

export const listServices = (db: DbOrTx) =>
  db.select().from(services).orderBy(asc(services.serviceName));
