import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  supplierReconciliations,
  transactions,
  type SupplierFloatCheck,
  type SupplierMismatch,
} from '../../db/schema/index.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { PURCHASE_TYPES_SQL } from '../../db/purchase-types.ts';

/** The settled purchases (success, refunded, failed) of a Lagos day, oldest first. */
export const settledPurchasesOfDay = (db: DbOrTx, day: string): Promise<TransactionRow[]> =>
  db
    .select()
    .from(transactions)
    .where(
      sql`${transactions.type} in ${PURCHASE_TYPES_SQL}
        and ${transactions.status} in ('success', 'refunded', 'failed')
        and ${transactions.createdAt} >= (${day}::date)::timestamp at time zone 'Africa/Lagos'
        and ${transactions.createdAt} < (${day}::date + 1)::timestamp at time zone 'Africa/Lagos'`,
    )
    .orderBy(transactions.createdAt);

export const startRun = async (db: DbOrTx, day: string): Promise<number> => {
  const [row] = await db
    .insert(supplierReconciliations)
    .values({ day })
    .returning({ id: supplierReconciliations.id });
  return row!.id;
};

export const finishRun = async (
  db: DbOrTx,
  id: number,
  result: { checked: number; mismatches: SupplierMismatch[]; floats: SupplierFloatCheck[] },
): Promise<void> => {
  await db
    .update(supplierReconciliations)
    .set({ ...result, finishedAt: sql`now()` })
    .where(eq(supplierReconciliations.id, id));
};

export const listRuns = (db: DbOrTx, limit = 20) =>
  db.select().from(supplierReconciliations).orderBy(desc(supplierReconciliations.id)).limit(limit);
