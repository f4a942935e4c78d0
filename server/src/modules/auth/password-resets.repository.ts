import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema/index.ts';

/** Marks every reset link of `userId` not yet used as spent. */
export const spendResetLinks = async (db: DbOrTx, userId: string): Promise<void> => {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
};

/**
 * Spends the link with this token hash when it belongs to `userId`, is unused and unexpired;
 * answers whether it did (one statement, so a link is spent once).
 */
export const spendResetLinkByToken = async (
  db: DbOrTx,
  { tokenHash, userId }: { tokenHash: string; userId: string },
): Promise<boolean> => {
  const spent = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResets.id });
  return spent.length > 0;
};

/** Stores a new reset link (its token's hash) valid for `ttlSeconds` from now. */
export const insertPasswordReset = async (
  db: DbOrTx,
  { userId, tokenHash, ttlSeconds }: { userId: string; tokenHash: string; ttlSeconds: number },
): Promise<void> => {
  await db.insert(passwordResets).values({
    userId,
    tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
};

/** Who a reset mail goes to. */
export const findResetMailRecipient = async (db: DbOrTx, userId: string) => {
  const [user] = await db
    .select({ id: users.id, email: users.email, userName: users.userName })
    .from(users)
    .where(eq(users.id, userId));
  return user;
};

/** Locks the user's row (FOR NO KEY UPDATE) until the transaction ends. */
export const lockUserForResetLink = async (tx: DbOrTx, userId: string): Promise<void> => {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
};
