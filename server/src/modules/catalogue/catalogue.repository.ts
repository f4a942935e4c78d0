import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dataPlans, services } from '../../db/schema/index.ts';

export type DataPlanRow = typeof dataPlans.$inferSelect;

// Networks in the order customers know them, then the admin's order, then by volume.
const ORDER = [
  sql`array_position(array['MTN','GLO','AIRTEL','9MOBILE'], ${dataPlans.network})`,
  asc(dataPlans.sortOrder),
  asc(dataPlans.volumeMb),
];

export const listAvailablePlans = (db: DbOrTx): Promise<DataPlanRow[]> =>
  db
    .select()
    .from(dataPlans)
    .where(eq(dataPlans.isAvailable, true))
    .orderBy(...ORDER);

export const listServices = (db: DbOrTx) =>
  db.select().from(services).orderBy(asc(services.serviceName));
