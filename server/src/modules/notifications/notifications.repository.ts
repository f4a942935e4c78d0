import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';

/** The admin's current broadcast (the newest), or null. */
export const currentNotification = async (
  db: DbOrTx,
): Promise<{ id: string; msg: string } | null> => {
  const [row] = await db.select().from(notifications).orderBy(desc(notifications.id)).limit(1);
  return row && row.msg.trim() ? { id: String(row.id), msg: row.msg } : null;
};

/** A new broadcast; it becomes the current one. */
export const insertNotification = async (db: DbOrTx, msg: string): Promise<number> => {
  const [row] = await db.insert(notifications).values({ msg }).returning({ id: notifications.id });
  return row!.id;
};

/** Remembers that the user pressed OK on notification `id` (on every device). */
export const markNotificationSeen = async (
  db: DbOrTx,
  userId: string,
  id: number,
): Promise<void> => {
  await db.update(users).set({ seenNotificationId: id }).where(eq(users.id, userId));
};
