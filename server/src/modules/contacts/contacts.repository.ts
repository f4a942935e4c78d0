import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

export type ContactRow = typeof contacts.$inferSelect;
type ContactFields = { contactName: string; contactNumber: string; contactNetwork: string };

/** A user's contacts, most recently used first. */
export const findContactsByUser = (db: DbOrTx, userId: string): Promise<ContactRow[]> =>
  db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(desc(contacts.lastUsedAt));

/** The user's contact saved under this number, if any. */
export const findContactByNumber = async (db: DbOrTx, userId: string, contactNumber: string) => {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.contactNumber, contactNumber)));
  return row;
};

/** How many contacts the user keeps. */
export const countContactsByUser = async (db: DbOrTx, userId: string): Promise<number> => {
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(eq(contacts.userId, userId))) as [{ n: number }];
  return n;
};

/** Stores a new contact. */
export const insertContact = async (db: DbOrTx, userId: string, input: ContactFields) => {
  const [row] = await db
    .insert(contacts)
    .values({ userId, ...input })
    .returning();
  return row;
};

/** Updates the contact `id` of `userId` (when `userId` is given, only theirs) and marks it used. */
export const updateContactById = async (
  db: DbOrTx,
  { id, userId }: { id: string; userId?: string },
  input: Partial<ContactFields>,
) => {
  const [row] = await db
    .update(contacts)
    .set({ ...input, lastUsedAt: sql`now()` })
    .where(
      userId === undefined
        ? eq(contacts.id, id)
        : and(eq(contacts.id, id), eq(contacts.userId, userId)),
    )
    .returning();
  return row;
};

/** Deletes the user's contact `id`; answers whether there was one. */
export const deleteContactById = async (
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<boolean> => {
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
    .returning({ id: contacts.id });
  return deleted.length > 0;
};

/** Marks the user's contact under this number as just used. */
export const markContactUsed = async (db: DbOrTx, userId: string, phone: string): Promise<void> => {
  await db
    .update(contacts)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(contacts.userId, userId), eq(contacts.contactNumber, phone)));
};

/** Deletes contacts unused for `days` days; answers how many went. */
export const deleteContactsUnusedFor = async (db: DbOrTx, days: number): Promise<number> => {
  const deleted = await db
    .delete(contacts)
    .where(lt(contacts.lastUsedAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: contacts.id });
  return deleted.length;
};
