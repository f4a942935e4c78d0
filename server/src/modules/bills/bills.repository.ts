import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { billsProducts, billsQuotes, billsServices } from '../../db/schema/index.ts';

/** The bills catalogue (services, products) and the quotes of verified smartcards and profiles. */

export type BillsProductRow = typeof billsProducts.$inferSelect;
export type BillsQuoteRow = typeof billsQuotes.$inferSelect;
export type NewBillsQuote = Omit<typeof billsQuotes.$inferInsert, 'id' | 'createdAt'>;

/** A service (provider, exam body) with its lock, or null when there is no such service. */
export const findBillsService = async (db: DbOrTx, serviceId: string) => {
  const [row] = await db
    .select({ isOpen: billsServices.isOpen, supplierName: billsServices.supplierName })
    .from(billsServices)
    .where(eq(billsServices.serviceId, serviceId));
  return row ?? null;
};

/** Which of these services are open (not paused by an admin). */
export const openBillsServiceIds = async (
  db: DbOrTx,
  serviceIds: readonly string[],
): Promise<Set<string>> => {
  const rows = await db
    .select({ serviceId: billsServices.serviceId })
    .from(billsServices)
    .where(and(inArray(billsServices.serviceId, [...serviceIds]), eq(billsServices.isOpen, true)));
  return new Set(rows.map((r) => r.serviceId));
};

/** What a service sells, in the catalogue's order (available or not). */
export const listBillsProducts = (db: DbOrTx, serviceIds: readonly string[]) =>
  db
    .select()
    .from(billsProducts)
    .where(
      sql`${billsProducts.serviceId} in (${sql.join(
        serviceIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(billsProducts.sortOrder), asc(billsProducts.code));

/** One product of a service by the code buyers send. */
export const findBillsProduct = async (
  db: DbOrTx,
  serviceId: string,
  code: string,
): Promise<BillsProductRow | null> => {
  const [row] = await db
    .select()
    .from(billsProducts)
    .where(and(eq(billsProducts.serviceId, serviceId), eq(billsProducts.code, code)));
  return row ?? null;
};

/** The product a supplier's variation code stands for (a smartcard's current bouquet). */
export const findBillsProductBySupplierCode = async (
  db: DbOrTx,
  serviceId: string,
  supplierCode: string,
): Promise<BillsProductRow | null> => {
  const [row] = await db
    .select()
    .from(billsProducts)
    .where(
      and(eq(billsProducts.serviceId, serviceId), eq(billsProducts.supplierCode, supplierCode)),
    );
  return row ?? null;
};

/** Holds a quote for `minutes` from now by the database's clock (the one that checks expiry). */
export const insertBillsQuote = async (
  db: DbOrTx,
  quote: Omit<NewBillsQuote, 'expiresAt'>,
  minutes: number,
): Promise<BillsQuoteRow> => {
  const [row] = await db
    .insert(billsQuotes)
    .values({ ...quote, expiresAt: sql`now() + make_interval(mins => ${minutes})` })
    .returning();
  return row!;
};

/** A quote by id with whether it has expired (by the database's clock). */
export const findBillsQuote = async (
  db: DbOrTx,
  id: string,
): Promise<(BillsQuoteRow & { expired: boolean }) | null> => {
  const [row] = await db
    .select({ quote: billsQuotes, expired: sql<boolean>`${billsQuotes.expiresAt} <= now()` })
    .from(billsQuotes)
    .where(eq(billsQuotes.id, id));
  return row ? { ...row.quote, expired: Boolean(row.expired) } : null;
};

/**
 * A service's lock and a quote, in one statement (a renewal needs both before its debit): null
 * when there is no such service; `quote` null when there is no such quote.
 */
export const findBillsServiceAndQuote = async (
  db: DbOrTx,
  serviceId: string,
  quoteId: string,
): Promise<{
  isOpen: boolean;
  supplierName: string;
  quote: (BillsQuoteRow & { expired: boolean }) | null;
} | null> => {
  const [row] = await db
    .select({
      isOpen: billsServices.isOpen,
      supplierName: billsServices.supplierName,
      quote: billsQuotes,
      expired: sql<boolean>`${billsQuotes.expiresAt} <= now()`,
    })
    .from(billsServices)
    .leftJoin(billsQuotes, eq(billsQuotes.id, quoteId))
    .where(eq(billsServices.serviceId, serviceId));
  if (!row) return null;
  const { quote, expired, ...service } = row;
  return { ...service, quote: quote ? { ...quote, expired: Boolean(expired) } : null };
};

/** Quotes expired a day ago or more: nothing can use them. */
export const deleteOldBillsQuotes = async (db: DbOrTx): Promise<void> => {
  await db.delete(billsQuotes).where(sql`${billsQuotes.expiresAt} < now() - interval '1 day'`);
};

/** Receipts holding sealed PINs (exam, e-PINs), by id after `afterId` (re-sealing after a rotation). */
export const listSealedExamPins = (
  db: DbOrTx,
  afterId: string,
  limit: number,
): Promise<{ id: string; sealed: string }[]> =>
  queryRows<{ id: string; sealed: string }>(
    db,
    sql`select id, details->>'sealedPins' as sealed from transactions
        where type in ('exam', 'epin') and details ? 'sealedPins' and id > ${afterId}::uuid
        order by id limit ${limit}`,
  );

/** Replaces a receipt's sealed PINs only if they are still `from`. */
export const replaceSealedExamPins = async (
  db: DbOrTx,
  id: string,
  from: string,
  to: string,
): Promise<boolean> => {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update transactions
        set details = jsonb_set(details, '{sealedPins}', to_jsonb(${to}::text))
        where id = ${id}::uuid and type in ('exam', 'epin') and details->>'sealedPins' = ${from}
        returning id`,
  );
  return rows.length === 1;
};
