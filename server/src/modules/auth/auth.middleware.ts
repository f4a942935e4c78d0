import { eq } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import { readToken } from './token.service.ts';
import { isUuid } from '../../lib/ids.ts';

/** The signed-in user of a request that passed authenticate(). */
export const currentUser = (req: Request): UserRow => {
  if (!req.user) throw new AppError('UNAUTHENTICATED', { msg: 'Please log in' });
  return req.user;
};

/** Resolves x-auth-token to the user, or null (bad signature, expired, revoked, user gone). */
export const userFromToken = async ({ db, jwtSecret }: AppContext, token: string | undefined) => {
  if (!token) return null;
  const claims = readToken(jwtSecret, token);
  if (!claims || !isUuid(claims.sub)) return null;
  const [user] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  // A password change or reset bumps tokenVersion: older tokens stop working at once.
  return user && user.tokenVersion === claims.v ? user : null;
};

/** Requires a valid x-auth-token; 401 otherwise. */
export const authenticate =
  (ctx: AppContext): RequestHandler =>
  async (req, _res, next) => {
    const user = await userFromToken(ctx, req.get('x-auth-token'));
    if (!user)
      throw new AppError('UNAUTHENTICATED', {
        msg: 'Your session has expired. Please log in again.',
      });
    req.user = user;
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
