import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

export type TContact = {
  _id: string;
  contactName: string;
  contactNumber: string;
  contactNetwork: string;
  createdAt: string;
};

export const CONTACT_TTL_DAYS = 30;
const MAX_CONTACTS = 200;

const toContact = (row: typeof contacts.$inferSelect): TContact => ({
  _id: row.id,
  contactName: row.contactName,
  contactNumber: row.contactNumber,
  contactNetwork: row.contactNetwork,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', { msg: 'Contact not found' });

/** The caller's contacts, most recently used first. */
export const listContacts = async (db: Db, userId: string): Promise<TContact[]> =>
  (
    await db
      .select()
      .from(contacts)
      .where(eq(contacts.userId, userId))
      .orderBy(desc(contacts.lastUsedAt))
  ).map(toContact);

/** Saves a number under a nickname; the same number saved again updates the existing contact. */
export const addContact = async (
  db: Db,
  userId: string,
  input: { contactName: string; contactNumber: string; contactNetwork: string },
): Promise<TContact> => {
  const [existing] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.contactNumber, input.contactNumber)));
  if (existing) {
    const [row] = await db
      .update(contacts)
      .set({ ...input, lastUsedAt: sql`now()` })
      .where(eq(contacts.id, existing.id))
      .returning();
    return toContact(row!);
  }
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(eq(contacts.userId, userId))) as [{ n: number }];
  if (n >= MAX_CONTACTS)
    throw new AppError('VALIDATION_ERROR', { msg: `You can keep up to ${MAX_CONTACTS} contacts` });
  const [row] = await db
    .insert(contacts)
    .values({ userId, ...input })
    .returning();
  return toContact(row!);
};

/** Edits one of the caller's contacts; someone else's is "not found". */
export const updateContact = async (
  db: Db,
  userId: string,
  id: string,
  input: Partial<{ contactName: string; contactNumber: string; contactNetwork: string }>,
): Promise<TContact> => {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(contacts)
    .set({ ...input, lastUsedAt: sql`now()` })
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toContact(row);
};

export const deleteContact = async (db: Db, userId: string, id: string): Promise<void> => {
  if (!isUuid(id)) throw notFound();
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  if (deleted.length === 0) throw notFound();
};

/** Marks a number as used (a purchase to it), which keeps its contact alive. */
export const touchContact = async (db: Db, userId: string, phone: string): Promise<void> => {
  await db
    .update(contacts)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(contacts.userId, userId), eq(contacts.contactNumber, phone)));
};

/** The cleanup job: removes contacts unused for 30 days. Returns how many went. */
export const deleteInactiveContacts = async (db: Db): Promise<number> => {
  const deleted = await db
    .delete(contacts)
    .where(lt(contacts.lastUsedAt, sql`now() - make_interval(days => ${CONTACT_TTL_DAYS})`))
    .returning({ id: contacts.id });
  return deleted.length;
};
