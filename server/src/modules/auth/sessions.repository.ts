import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { revokedTokens, users } from '../../db/schema/index.ts';

/** Moves the user's token version on: every token issued before stops working. */
export const bumpTokenVersion = async (db: DbOrTx, userId: string): Promise<void> => {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
};

/** Records a token id as revoked until it would have expired (once: a repeat is a no-op). */
export const insertRevokedToken = async (
  db: DbOrTx,
  revoked: { jti: string; userId: string; expiresAt: Date },
): Promise<void> => {
  await db.insert(revokedTokens).values(revoked).onConflictDoNothing();
};

/** Deletes up to `limit` revocations of tokens that have expired anyway. */
export const pruneExpiredRevocations = async (db: DbOrTx, limit: number): Promise<void> => {
  await db.execute(sql`
      delete from ${revokedTokens} where ${revokedTokens.jti} in (
        select ${revokedTokens.jti} from ${revokedTokens}
        where ${revokedTokens.expiresAt} < now() limit ${limit})`);
};
