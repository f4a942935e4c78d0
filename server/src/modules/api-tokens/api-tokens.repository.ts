import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiTokens, users, type ApiTokenRow, type UserRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/retry.ts';

/** A user's live API tokens, newest first. */
export const listApiTokens = (db: DbOrTx, userId: string): Promise<ApiTokenRow[]> =>
  db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));

/**
 * Stores a new token's hash, unless the user already holds `cap` tokens. The user's row is locked
 * first and the count read after the lock (a new snapshot in a separate statement), so two
 * creations at once cannot both pass the cap. Answers the row, or null when the cap is reached.
 * A taken name is a unique violation (api_tokens_user_name_key).
 */
export const insertApiToken = (
  db: Db,
  {
    userId,
    name,
    tokenHash,
    cap,
  }: { userId: string; name: string; tokenHash: string; cap: number },
): Promise<ApiTokenRow | null> =>
  inTransaction(db, async (tx) => {
    await tx.execute(sql`select id from users where id = ${userId}::uuid for update`);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId));
    if (Number(held?.count ?? 0) >= cap) return null;
    const [row] = await tx.insert(apiTokens).values({ userId, name, tokenHash }).returning();
    return row ?? null;
  });

/** Deletes one of the user's tokens; answers whether there was one (someone else's is not). */
export const deleteApiToken = async (
  db: DbOrTx,
  { userId, id }: { userId: string; id: string },
): Promise<boolean> => {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return deleted.length > 0;
};

/** The live token with this hash and its user, in one indexed read; null when unknown or revoked. */
export const findApiTokenByHash = async (
  db: DbOrTx,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; user: UserRow } | null> => {
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
};

/**
 * Records that a token was used, unless that was already recorded within `everySeconds`: the
 * condition is in the statement, so processes racing on one token write at most once.
 */
export const touchApiToken = async (
  db: DbOrTx,
  { id, everySeconds }: { id: string; everySeconds: number },
): Promise<void> => {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, id),
        sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - make_interval(secs => ${everySeconds}))`,
      ),
    );
};
