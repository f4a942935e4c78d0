import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

/** The admin's current broadcast (the newest), or null. */
export const currentNotification = async (
  db: DbOrTx,
): Promise<{ id: string; msg: string } | null> => {
  const [row] = await db.select().from(notifications).orderBy(desc(notifications.id)).limit(1);
  return row && row.msg.trim() ? { id: String(row.id), msg: row.msg } : null;
};
