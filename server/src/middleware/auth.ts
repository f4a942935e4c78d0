import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../app-context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { findSessionUser } from '../modules/users/users.repository.ts';
import { AppError } from '../lib/app-error.ts';
import { readToken, type Claims } from '../lib/token.ts';
import { isUuid } from '../lib/ids.ts';
import { countRateLimit } from '../lib/rate-limit.ts';
import { apiTokenCaller, looksLikeApiToken } from '../modules/api-tokens/api-tokens.service.ts';

/** The signed-in user of a request that passed authenticate(). */
export const currentUser = (req: Request): UserRow => {
  if (!req.user) throw new AppError('UNAUTHENTICATED', { msg: 'Please log in' });
  return req.user;
};

const sessionExpired = () =>
  new AppError('UNAUTHENTICATED', { msg: 'Your session has expired. Please log in again.' });

/**
 * The claims of a well-signed, unexpired token naming a user id, or null. During a secret
 * rotation a token signed with the secret JWT_SECRET replaced still verifies until it expires.
 */
const claimsOf = ({ jwtSecret, config }: AppContext, token: string | undefined) => {
  if (!token) return null;
  const previous = config.jwtSecretPrevious;
  const claims = readToken(jwtSecret, token) ?? (previous ? readToken(previous, token) : null);
  return claims && isUuid(claims.sub) ? claims : null;
};

/**
 * The token's user when the token is still theirs: a password change or reset bumps tokenVersion,
 * so older tokens stop working at once. (A signed-out token finds no user: findSessionUser.)
 */
export const sessionUser = (
  user: UserRow | null | undefined,
  claims: { sub: string; v: number },
): UserRow | null =>
  user && user.id === claims.sub && user.tokenVersion === claims.v ? user : null;

/**
 * Resolves x-auth-token to the user and the token's claims, or null (bad signature, expired,
 * signed out, revoked by a password change, user gone). A database that cannot be asked is an
 * error (503), never "not signed in".
 */
export const sessionFromToken = async (
  ctx: AppContext,
  token: string | undefined,
): Promise<{ user: UserRow; claims: Claims } | null> => {
  const claims = claimsOf(ctx, token);
  if (!claims) return null;
  const user = sessionUser(await findSessionUser(ctx.db, claims.sub, claims.jti), claims);
  return user ? { user, claims } : null;
};

/** Resolves x-auth-token to the user, or null (see sessionFromToken). */
export const userFromToken = async (ctx: AppContext, token: string | undefined) =>
  (await sessionFromToken(ctx, token))?.user ?? null;

/** What a client is told when it sends an API token where only a signed-in session will do. */
export const API_TOKEN_REFUSED_MSG = 'API tokens cannot be used here; sign in';

/**
 * The request's credential: `x-auth-token` (a session or an API token), else
 * `Authorization: Token <token>`.
 */
const credentialOf = (req: Request): string | undefined => {
  const header = req.get('x-auth-token');
  if (header) return header;
  const match = /^Token\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1];
};

/**
 * Counts a request against its API token's limit (shared by every process through the
 * database) and says where it stands in the IETF RateLimit headers; over the limit, a 429 with
 * Retry-After.
 */
const limitApiToken = async (ctx: AppContext, res: Response, tokenId: string): Promise<void> => {
  const { limit, windowSeconds } = ctx.config.rateLimits.apiToken;
  const state = await countRateLimit(ctx.db, { key: `api-token:${tokenId}`, limit, windowSeconds });
  res.set('RateLimit-Policy', `${limit};w=${windowSeconds}`);
  res.set('RateLimit', `limit=${limit}, remaining=${state.remaining}, reset=${state.resetSeconds}`);
  if (state.exceeded) {
    res.set('Retry-After', String(state.resetSeconds));
    throw new AppError('RATE_LIMITED', {
      msg: `Too many requests with this API token. Try again in ${state.resetSeconds} seconds.`,
    });
  }
};

/**
 * Requires a signed-in caller; 401 otherwise. One path for both credentials: a session token
 * (JWT) works everywhere; an API token only where the route opts in with `{ apiTokens: true }`
 * (purchases, profile and balance, plans, history and receipts), and elsewhere gets 403 with
 * API_TOKEN_REFUSED_MSG. A request by API token is rate-limited per token and never carries
 * staff powers (docs/decisions/0018).
 */
export const authenticate =
  (ctx: AppContext, { apiTokens = false }: { apiTokens?: boolean } = {}): RequestHandler =>
  async (req, res, next) => {
    const credential = credentialOf(req);
    if (credential && looksLikeApiToken(credential)) {
      const caller = await apiTokenCaller(ctx, credential);
      if (!caller) {
        throw new AppError('UNAUTHENTICATED', {
          msg: 'This API token is not valid or has been revoked',
        });
      }
      await limitApiToken(ctx, res, caller.tokenId);
      if (!apiTokens) throw new AppError('FORBIDDEN', { msg: API_TOKEN_REFUSED_MSG });
      req.user = { ...caller.user, isAdmin: false, isAgent: false, isCouponVendor: false };
      req.apiTokenId = caller.tokenId;
      next();
      return;
    }
    const session = await sessionFromToken(ctx, credential);
    if (!session) throw sessionExpired();
    req.user = session.user;
    req.session = { jti: session.claims.jti, exp: session.claims.exp };
    next();
  };

type Role = 'admin' | 'agent' | 'couponVendor';

/** Allows the request when the user holds any of the roles (an admin holds every role). */
export const requireRole =
  (...roles: Role[]): RequestHandler =>
  (req, _res, next) => {
    const user = currentUser(req);
    const allowed =
      user.isAdmin ||
      (roles.includes('agent') && user.isAgent) ||
      (roles.includes('couponVendor') && user.isCouponVendor);
    if (!allowed) throw new AppError('FORBIDDEN', { msg: 'You are not allowed to do that' });
    next();
  };
