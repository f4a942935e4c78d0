import { desc } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { adminAlerts } from '../../db/schema/index.ts';

/** Records something an admin must act on (supplier float low, a purchase past its SLA …). */
export const raiseAlert = async (
  ctx: Pick<AppContext, 'db' | 'logger'>,
  kind: string,
  message: string,
  transactionId?: string,
  db: DbOrTx = ctx.db,
): Promise<void> => {
  ctx.logger.warn('admin alert', { kind, message, transactionId });
  await db.insert(adminAlerts).values({ kind, message, transactionId: transactionId ?? null });
};

/** The latest alerts, newest first. */
export const listAlerts = (db: DbOrTx, limit = 100) =>
  db.select().from(adminAlerts).orderBy(desc(adminAlerts.id)).limit(limit);
