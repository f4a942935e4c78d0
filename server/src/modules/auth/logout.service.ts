import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/retry.ts';
import {
  bumpTokenVersion,
  insertRevokedToken,
  pruneExpiredRevocations,
} from './sessions.repository.ts';

export const LOGOUT_MESSAGE = 'You have been logged out';

/** Expired revocations deleted by each logout: the table holds only tokens that could still work. */
const PRUNE_BATCH = 100;

/**
 * POST /auth/logout: the session token it was sent with stops working at once, in every process
 * (its jti in revoked_tokens, which authenticate() reads with the user). A token issued before
 * tokens had an id cannot be named alone: its user's token version moves on, which ends every
 * earlier session of theirs (at most JWT_TTL_SECONDS after an upgrade, none is left).
 */
export const logout = async (
  ctx: AppContext,
  userId: string,
  session: { jti: string | null; exp: number },
): Promise<{ msg: string }> => {
  const { jti } = session;
  await inTransaction(ctx.db, async (tx) => {
    if (jti === null) {
      await bumpTokenVersion(tx, userId);
      return;
    }
    await insertRevokedToken(tx, { jti, userId, expiresAt: new Date(session.exp * 1000) });
    await pruneExpiredRevocations(tx, PRUNE_BATCH);
  });
  return { msg: LOGOUT_MESSAGE };
};
