import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** How many users a user referred. */
export const countReferredUsers = async (db: DbOrTx, referrerId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(eq(users.referredById, referrerId));
  return Number(row?.n ?? 0);
};

/** One page of the users a user referred, newest first. */
export const listReferredUsers = (
  db: DbOrTx,
  referrerId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ id: string; userName: string }[]> =>
  db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(eq(users.referredById, referrerId))
    .orderBy(desc(users.createdAt), users.id)
    .limit(limit)
    .offset(offset);

/** Makes a smart earner a reseller; false when they are no longer a smart earner (a concurrent upgrade). */
export const promoteToReseller = async (db: DbOrTx, userId: string): Promise<boolean> => {
  const changed = await db
    .update(users)
    .set({ userType: 'reseller' })
    .where(and(eq(users.id, userId), eq(users.userType, 'smart earner')))
    .returning({ id: users.id });
  return changed.length > 0;
};
