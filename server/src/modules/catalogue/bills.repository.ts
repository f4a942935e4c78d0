import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TBillsService, TBillsSupplier } from '@vendo/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { billsProducts, billsServices, transactions } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';

/** The bills catalogue of the back office: services (lock, supplier) and their products. */

export type BillsServiceRow = typeof billsServices.$inferSelect;
export type BillsProductRow = typeof billsProducts.$inferSelect;
export type NewBillsProduct = Omit<
  typeof billsProducts.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'sortOrder'
>;
export type BillsProductChange = Partial<
  Pick<
    BillsProductRow,
    | 'name'
    | 'supplierCode'
    | 'costPriceKobo'
    | 'smartEarnerPriceKobo'
    | 'resellerPriceKobo'
    | 'apiPriceKobo'
    | 'isAvailable'
  >
>;

/** Every service, or one, in the seed's order (cable providers, then exam bodies). */
export const listBillsServices = (db: DbOrTx, only?: TBillsService): Promise<BillsServiceRow[]> =>
  db
    .select()
    .from(billsServices)
    .where(only ? eq(billsServices.serviceId, only) : undefined)
    .orderBy(asc(billsServices.kind), asc(billsServices.serviceId));

/** The products of some services, in the buyers' order. */
export const listBillsProducts = (
  db: DbOrTx,
  serviceIds: readonly string[],
): Promise<BillsProductRow[]> =>
  serviceIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(billsProducts)
        .where(inArray(billsProducts.serviceId, [...serviceIds]))
        .orderBy(asc(billsProducts.sortOrder), asc(billsProducts.name));

/** A product by our id; taken FOR UPDATE inside a transaction. */
export const findBillsProduct = async (
  db: DbOrTx,
  id: string,
  { forUpdate = false } = {},
): Promise<BillsProductRow | null> => {
  if (!isUuid(id)) return null;
  const query = db.select().from(billsProducts).where(eq(billsProducts.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
};

/** A service by id; taken FOR UPDATE inside a transaction. */
export const findBillsService = async (
  db: DbOrTx,
  serviceId: TBillsService,
  { forUpdate = false } = {},
): Promise<BillsServiceRow | null> => {
  const query = db.select().from(billsServices).where(eq(billsServices.serviceId, serviceId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
};

export const billsCodeTaken = async (
  db: DbOrTx,
  serviceId: string,
  code: string,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: billsProducts.id })
    .from(billsProducts)
    .where(
      and(
        eq(billsProducts.serviceId, serviceId),
        sql`lower(${billsProducts.code}) = lower(${code})`,
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** A new product goes last in the buyers' list. */
export const insertBillsProduct = async (
  db: DbOrTx,
  values: NewBillsProduct,
): Promise<BillsProductRow> => {
  const [row] = await db
    .insert(billsProducts)
    .values({
      ...values,
      sortOrder: sql`(select coalesce(max(${billsProducts.sortOrder}), -1) + 1 from ${billsProducts})`,
    })
    .returning();
  return row!;
};

export const updateBillsProduct = async (
  db: DbOrTx,
  id: string,
  change: BillsProductChange,
): Promise<BillsProductRow> => {
  const [row] = await db
    .update(billsProducts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(billsProducts.id, id))
    .returning();
  return row!;
};

export const eraseBillsProduct = async (db: DbOrTx, id: string): Promise<void> => {
  await db.delete(billsProducts).where(eq(billsProducts.id, id));
};

/**
 * Whether a purchase of this bouquet is still unsettled (processing or pending): the reconciler
 * may still read its product, so it is not deleted until that purchase settles.
 */
export const bouquetHasOpenPurchase = async (
  db: DbOrTx,
  product: Pick<BillsProductRow, 'serviceId' | 'code'>,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, 'cable'),
        inArray(transactions.status, ['processing', 'pending']),
        sql`${transactions.details}->>'provider' = ${product.serviceId}`,
        sql`${transactions.details}->>'bouquetCode' = ${product.code}`,
      ),
    )
    .limit(1);
  return row !== undefined;
};

export const setBillsServiceOpen = async (
  db: DbOrTx,
  serviceId: TBillsService,
  isOpen: boolean,
): Promise<void> => {
  await db
    .update(billsServices)
    .set({ isOpen, updatedAt: sql`now()` })
    .where(eq(billsServices.serviceId, serviceId));
};

export const setBillsServiceSupplier = async (
  db: DbOrTx,
  serviceId: TBillsService,
  supplierName: TBillsSupplier,
): Promise<void> => {
  await db
    .update(billsServices)
    .set({ supplierName, updatedAt: sql`now()` })
    .where(eq(billsServices.serviceId, serviceId));
};
