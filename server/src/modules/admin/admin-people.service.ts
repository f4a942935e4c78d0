import type { TUserType } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type { TAuditQuery } from '@vendo/shared/schemas/admin';
import type {
  TAdminDashboardResponse,
  TAuditResponse,
  TUserChangedResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { TUser } from '@vendo/shared/schemas/user';
import type { AppContext } from '../../app-context.ts';
import { readDbOf } from '../../db/read-replica.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { AUDIT_PAGE_SIZE, listAudit, recordAudit } from '../audit/audit.repository.ts';
import { mailResetLink } from '../auth/auth.service.ts';
import { findLedgerCheck } from '../ledger/ledger-check.repository.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserRecordById } from '../users/users.repository.ts';
import { supplierFloats } from '../vending/supplier-float.service.ts';
import {
  dashboardFigures,
  lockUser,
  revokeSessions,
  setUserFields,
} from './admin-people.repository.ts';
import { inTransaction } from '../../db/retry.ts';

/**
 * The people side of the back office (admins): the dashboard, a user's detail, tiers, roles,
 * password resets and the audit log. Every change is one transaction with its audit row.
 */

const userNotFound = () => new AppError('NOT_FOUND', { msg: 'That user does not exist' });

/** A user as staff see them (never a hash, token, PIN, BVN or NIN: toPublicUser). */
export const userForStaff = async (ctx: AppContext, id: string): Promise<TUser> => {
  const record = isUuid(id) ? await findUserRecordById(ctx.db, id) : null;
  if (!record) throw userNotFound();
  return toPublicUser(record);
};

/** GET /admin/. */
export const adminDashboard = async (
  ctx: AppContext,
  admin: UserRow,
  { withFloat = true }: { withFloat?: boolean } = {},
): Promise<TAdminDashboardResponse> => {
  // The figures are a report, read from the replica when there is one (decision 0034); the
  // admin's own account (their balance) from the primary. The suppliers are asked at the same
  // time as the database, each with its own short timeout.
  const reader = await readDbOf(ctx);
  const [{ figures, services, totalTransactions }, adminView, supplierFloat, ledgerCheck] =
    await Promise.all([
      dashboardFigures(reader, admin.id, { primary: ctx.db }),
      userForStaff(ctx, admin.id),
      withFloat ? supplierFloats(ctx) : Promise.resolve([]),
      findLedgerCheck(reader),
    ]);
  return {
    admin: adminView,
    totalUsers: Number(figures.total_users),
    totalBalance: koboToNaira(Number(figures.total_balance) - Number(figures.admin_balance)),
    totalTransactions,
    services: services.map((s) => ({ serviceName: s.serviceName, serviceStatus: s.serviceStatus })),
    pendingPurchases: Number(figures.pending),
    escalatedPurchases: Number(figures.escalated),
    today: {
      sales: koboToNaira(Number(figures.sales)),
      profit: koboToNaira(Number(figures.profit), { allowNegative: true }),
      purchases: Number(figures.purchases),
    },
    supplierFloat,
    openAlerts: Number(figures.open_alerts),
    ledgerCheck,
  };
};

/** Runs `change` on the locked user in one transaction with its audit row; answers the user. */
const changeUser = async (
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  change: (user: UserRow) => {
    set: Partial<Pick<UserRow, 'userType' | 'isAgent' | 'isCouponVendor'>>;
    action: string;
    msg: string;
  },
): Promise<TUserChangedResponse> => {
  if (!isUuid(userId)) throw userNotFound();
  const msg = await inTransaction(ctx.db, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw userNotFound();
    const { set, action, msg } = change(user);
    const before = Object.fromEntries(
      Object.keys(set).map((key) => [key, user[key as keyof typeof set]]),
    );
    await setUserFields(tx, userId, set);
    await recordAudit(tx, {
      actorId: actor.id,
      action,
      targetType: 'user',
      targetId: userId,
      before,
      after: set,
    });
    return msg;
  });
  return { msg, user: await userForStaff(ctx, userId) };
};

/**
 * GET /admin/upgradeUser/{userId}/{userType}: sets the user's tier. A change of tier only: no
 * charge and no referral reward (those belong to the user's own reseller upgrade).
 */
export const setUserType = (
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  userType: TUserType,
): Promise<TUserChangedResponse> =>
  changeUser(ctx, actor, userId, (user) => ({
    set: { userType },
    action: 'user.tier',
    msg:
      user.userType === userType
        ? `${user.userName} is already ${withArticle(userType)}`
        : `${user.userName} is now ${withArticle(userType)}`,
  }));

/** 'an api user', 'a reseller'. */
const withArticle = (noun: string): string => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** POST /admin/roles. An admin's own admin role is not managed here. */
export const setRole = (
  ctx: AppContext,
  actor: UserRow,
  input: { userId: string; role: 'agent' | 'coupon vendor'; enabled: boolean },
): Promise<TUserChangedResponse> =>
  changeUser(ctx, actor, input.userId, (user) => ({
    set: input.role === 'agent' ? { isAgent: input.enabled } : { isCouponVendor: input.enabled },
    action: `user.role.${input.role === 'agent' ? 'agent' : 'coupon_vendor'}`,
    msg: `${user.userName} ${input.enabled ? 'is now' : 'is no longer'} ${input.role === 'agent' ? 'an agent' : 'a coupon vendor'}`,
  }));

/**
 * POST /admin/resetUserPassword: mails the user a single-use reset link and ends their sessions.
 * The admin never learns or sets a password.
 */
export const resetUserPassword = async (
  ctx: AppContext,
  actor: UserRow,
  userId: string,
): Promise<{ msg: string; sent: Promise<void> }> => {
  const user = isUuid(userId) ? await findUserRecordById(ctx.db, userId) : null;
  if (!user) throw userNotFound();
  const { sent } = await mailResetLink(ctx, user, async (tx) => {
    await revokeSessions(tx, user.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.password_reset',
      targetType: 'user',
      targetId: user.id,
    });
  });
  return {
    msg: `A password reset link was sent to ${user.userName}'s e-mail; their sessions have ended`,
    sent,
  };
};

/** GET /admin/audit. */
export const auditLogPage = async (
  ctx: AppContext,
  query: TAuditQuery & { page?: number },
): Promise<TAuditResponse> => {
  const page = query.page ?? 1;
  const { rows, total } = await listAudit(ctx.db, {
    ...(query.actor ? { actorUserName: query.actor } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.targetType ? { targetType: query.targetType } : {}),
    ...(query.targetId ? { targetId: query.targetId } : {}),
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    page,
  });
  return {
    entries: rows.map(({ entry, actor }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      reason: entry.reason,
    })),
    total,
    totalPages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
  };
};
