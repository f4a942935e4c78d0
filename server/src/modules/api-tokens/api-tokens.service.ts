import { createHash, randomBytes } from 'node:crypto';
import { API_TOKENS_PER_USER } from '@vendo/shared/schemas/api-tokens';
import type { TApiToken } from '@vendo/shared/schemas/api-tokens.responses';
import type { AppContext } from '../../app-context.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import type { ApiTokenRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  deleteApiToken,
  findApiTokenByHash,
  insertApiToken,
  listApiTokens,
  touchApiToken,
} from './api-tokens.repository.ts';

/**
 * API tokens (docs/decisions/0018): `vendo_live_…` on a production server, `vendo_test_…`
 * elsewhere, then 32 random bytes in base64url. Only the SHA-256 of the whole string is stored:
 * the secret has 256 bits of entropy, so a fast hash cannot be brute-forced, and the lookup stays
 * one indexed read per request.
 */
const API_TOKEN_PATTERN = /^vendo_(live|test)_[A-Za-z0-9_-]{43}$/;

/** last_used_at is written at most this often per token, not on every request. */
const TOUCH_EVERY_SECONDS = 60;

/** Whether a credential is shaped like an API token (a session JWT never is). */
export const looksLikeApiToken = (credential: string): boolean =>
  credential.startsWith('vendo_live_') || credential.startsWith('vendo_test_');

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toPublic = (row: ApiTokenRow): TApiToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
});

/** The caller's live tokens, newest first, never with a secret or hash. */
export const apiTokensOf = async (ctx: AppContext, userId: string): Promise<TApiToken[]> =>
  (await listApiTokens(ctx.db, userId)).map(toPublic);

/** Makes a named token for the user; the secret is in this answer and nowhere else, ever. */
export const createApiToken = async (
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  { name }: { name: string },
): Promise<{ token: string; apiToken: TApiToken }> => {
  const prefix = ctx.config.isProduction ? 'vendo_live_' : 'vendo_test_';
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  let row: ApiTokenRow | null;
  try {
    row = await insertApiToken(ctx.db, {
      userId: user.id,
      name,
      tokenHash: hashOf(token),
      cap: API_TOKENS_PER_USER,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'api_tokens_user_name_key')) {
      throw new AppError('VALIDATION_ERROR', { msg: `You already have a token named "${name}"` });
    }
    throw error;
  }
  if (!row) {
    throw new AppError('VALIDATION_ERROR', {
      msg: `You can hold at most ${API_TOKENS_PER_USER} API tokens. Revoke one you no longer use first.`,
    });
  }
  return { token, apiToken: toPublic(row) };
};

/** Revokes one of the user's tokens at once; another user's id reads as not found. */
export const revokeApiToken = async (
  ctx: AppContext,
  { userId, id }: { userId: string; id: string },
): Promise<void> => {
  if (!isUuid(id) || !(await deleteApiToken(ctx.db, { userId, id }))) {
    throw new AppError('NOT_FOUND', { msg: 'API token not found' });
  }
};

/**
 * The user an API token belongs to, read fresh on every request (so a revocation holds at once
 * in every process), or null for an unknown, malformed or revoked token. Notes the use at most
 * once a minute.
 */
export const apiTokenCaller = async (
  ctx: AppContext,
  credential: string,
): Promise<{ tokenId: string; user: UserRow } | null> => {
  if (!API_TOKEN_PATTERN.test(credential)) return null;
  const found = await findApiTokenByHash(ctx.db, hashOf(credential));
  if (!found) return null;
  const last = found.token.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - last >= TOUCH_EVERY_SECONDS * 1000) {
    await touchApiToken(ctx.db, { id: found.token.id, everySeconds: TOUCH_EVERY_SECONDS });
  }
  return { tokenId: found.token.id, user: found.user };
};
