import { pinViewerOf } from '../bills/exam-pins.ts';
import bcrypt from 'bcryptjs';
import type { TUserType } from '@vendo/shared/constants';
import { PASSWORD_MAX_BYTES } from '@vendo/shared/schemas/auth';
import type {
  TChangePasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResetPasswordRequest,
} from '@vendo/shared/schemas/auth';
import type { TAuthResponse } from '@vendo/shared/schemas/auth.responses';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearRateLimit, hitRateLimit } from '../../lib/rate-limit.ts';
import { subscriptionPlansFor } from '../catalogue/catalogue.service.ts';
import { unseenNotificationFor } from '../notifications/notifications.service.ts';
import { toPublicTransaction } from '../transactions/transactions.mapper.ts';
import { listRecentTransactions } from '../transactions/transactions.repository.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import {
  findUserByEmail,
  findUserForLogin,
  findUserRecordById,
  setPasswordHash,
  touchLastLogin,
} from '../users/users.repository.ts';
import { createUser } from '../users/users.service.ts';
import { issueToken } from '../../lib/token.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../db/retry.ts';
import { queueOutboxMail } from '../mail/mail-outbox.ts';
import { kickMailOutbox, PASSWORD_RESET_MAIL, sha256 } from './reset-mail.ts';
import { spendResetLinkByToken, spendResetLinks } from './password-resets.repository.ts';
import {
  assertAccountMayTry,
  clearLoginFailures,
  recordLoginFailure,
  throttleKeyOf,
} from './login-throttle.ts';

export type AuthPayload = Omit<TAuthResponse, 'token'>;

// A real hash to compare against when the login name is unknown, so both paths take as long.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

const tokenFor = (ctx: AppContext, user: { id: string; tokenVersion: number }) =>
  issueToken({ jwtSecret: ctx.jwtSecret, ttlSeconds: ctx.config.jwtTtlSeconds }, user);

/** Profile, plans for the tier, recent transactions and the notification: what the app needs. */
export const buildAuthPayload = async (ctx: AppContext, userId: string): Promise<AuthPayload> => {
  const record = await findUserRecordById(ctx.db, userId);
  if (!record)
    throw new AppError('UNAUTHENTICATED', {
      msg: 'Your session has expired. Please log in again.',
    });
  const staff = record.isAdmin || record.isAgent;
  const [subscriptionPlans, recent, notification] = await Promise.all([
    subscriptionPlansFor(ctx.db, record.userType as TUserType),
    listRecentTransactions(ctx.db, userId),
    unseenNotificationFor(ctx, record),
  ]);
  return {
    user: toPublicUser(record),
    subscriptionPlans,
    transactions: recent.map((t) =>
      toPublicTransaction(t, { withProfit: staff, viewer: pinViewerOf(ctx, userId) }),
    ),
    isAdmin: record.isAdmin,
    isCouponVendor: record.isCouponVendor,
    notification,
  };
};

/** Registers a smart earner (referral optional) and signs them in. */
export const register = async (ctx: AppContext, input: TRegisterRequest) => {
  const user = await createUser(ctx.db, input, { bcryptRounds: ctx.config.bcryptRounds });
  await touchLastLogin(ctx.db, user.id);
  return { ...(await buildAuthPayload(ctx, user.id)), token: tokenFor(ctx, user) };
};

/**
 * Signs in by user name, e-mail or business name; rate-limited per address and login name, and
 * per account across all addresses with a growing delay (login-throttle.ts).
 */
export const login = async (ctx: AppContext, input: TLoginRequest, ip: string) => {
  const limitKey = `login:${ip}:${input.userName.trim().toLowerCase()}`;
  const { limit, windowSeconds, perAddressLimit } = ctx.config.rateLimits.login;
  // Per address across all names too, so one client cannot spray many accounts.
  await hitRateLimit(ctx.db, { key: `login:ip:${ip}`, limit: perAddressLimit, windowSeconds });
  await hitRateLimit(ctx.db, { key: limitKey, limit, windowSeconds });
  const user = await findUserForLogin(ctx.db, input.userName);
  // Per account, whichever addresses the guesses come from.
  const accountKey = throttleKeyOf(user, input.userName);
  await assertAccountMayTry(ctx.db, accountKey);
  // bcrypt reads only the first 72 bytes: a longer password must not match on its prefix.
  const tooLong = Buffer.byteLength(input.password, 'utf8') > PASSWORD_MAX_BYTES;
  const ok = (await bcrypt.compare(input.password, user?.passwordHash ?? DUMMY_HASH)) && !tooLong;
  if (!user || !ok) {
    await recordLoginFailure(ctx.db, accountKey, ctx.config.rateLimits.loginAccount);
    throw new AppError('INVALID_CREDENTIALS', { msg: 'Invalid login details' });
  }
  await clearLoginFailures(ctx.db, accountKey);
  await clearRateLimit(ctx.db, limitKey);
  await touchLastLogin(ctx.db, user.id);
  return { ...(await buildAuthPayload(ctx, user.id)), token: tokenFor(ctx, user) };
};

/** Changes the password after checking the old one; earlier tokens stop working. */
export const changePassword = async (
  ctx: AppContext,
  userId: string,
  input: TChangePasswordRequest,
) => {
  const user = await findUserRecordById(ctx.db, userId);
  if (!user || !(await bcrypt.compare(input.oldPassword, user.passwordHash))) {
    throw new AppError('VALIDATION_ERROR', { msg: 'Old password is incorrect' });
  }
  const hash = await bcrypt.hash(input.newPassword, ctx.config.bcryptRounds);
  const tokenVersion = await inTransaction(ctx.db, async (tx) => {
    // Reset links mailed before the change must not undo it.
    await spendResetLinks(tx, userId);
    return setPasswordHash(tx, userId, hash);
  });
  return {
    msg: 'Password changed successfully',
    token: tokenFor(ctx, { id: userId, tokenVersion }),
  };
};

export const RESET_REQUEST_MESSAGE =
  'If an account exists for that e-mail, we have sent a link to reset its password.';

/**
 * Queues a password reset mail (decision 0028). The answer is the same whether or not the e-mail
 * exists, and so is the work before it: the same rate-limit counts, the same lookup and one
 * outbox row (`discarded`, with no user, for an e-mail no account has). The link is issued and
 * mailed after the answer: the route kicks the outbox once it has answered (reset-mail.ts).
 */
export const requestPasswordReset = async (ctx: AppContext, email: string, ip: string) => {
  const limit = ctx.config.rateLimits.reset;
  await hitRateLimit(ctx.db, {
    key: `reset:ip:${ip}`,
    limit: limit.limit * 4,
    windowSeconds: limit.windowSeconds,
  });
  await hitRateLimit(ctx.db, { key: `reset:email:${email.toLowerCase()}`, ...limit });
  const user = await findUserByEmail(ctx.db, email);
  await queueOutboxMail(ctx.db, { userId: user?.id ?? null, kind: PASSWORD_RESET_MAIL });
  return { msg: RESET_REQUEST_MESSAGE };
};

/**
 * An admin's reset: in one transaction, spends every link mailed before, queues a new one and
 * runs `alsoInTransaction` (revoking sessions, the audit row); the link is issued and mailed
 * right after (`sent` settles when the queue has been worked; it never rejects).
 */
export const mailResetLink = async (
  ctx: AppContext,
  user: Pick<UserRow, 'id'>,
  alsoInTransaction?: (tx: Tx) => Promise<void>,
): Promise<{ sent: Promise<void> }> => {
  await inTransaction(ctx.db, async (tx) => {
    await spendResetLinks(tx, user.id);
    await queueOutboxMail(tx, { userId: user.id, kind: PASSWORD_RESET_MAIL });
    await alsoInTransaction?.(tx);
  });
  return { sent: kickMailOutbox(ctx) };
};

/** Sets a new password with a valid reset token; the token is spent atomically, once. */
export const resetPassword = async (ctx: AppContext, input: TResetPasswordRequest) => {
  const invalid = new AppError('INVALID_RESET_TOKEN', {
    msg: 'This reset link is invalid or has expired',
  });
  if (!isUuid(input.userId)) throw invalid;
  const hash = await bcrypt.hash(input.newPassword, ctx.config.bcryptRounds);
  await inTransaction(ctx.db, async (tx) => {
    const spent = await spendResetLinkByToken(tx, {
      tokenHash: sha256(input.token),
      userId: input.userId,
    });
    if (!spent) throw invalid;
    // Any other outstanding link for this user dies with this one.
    await spendResetLinks(tx, input.userId);
    await setPasswordHash(tx, input.userId, hash);
  });
  return { msg: 'Password reset successful. You can now log in.' };
};
