import {
  ZAuditQuery,
  ZResetUserPasswordRequest,
  ZRoleRequest,
  ZSalesChartQuery,
  ZUpgradeUserParams,
  ZUserCsvQuery,
  ZUserListQuery,
} from '@vendo/shared/schemas/admin';
import {
  ZAdminDashboardResponse,
  ZAuditResponse,
  ZSalesChartResponse,
  ZUserChangedResponse,
  ZUserDetailResponse,
  ZUserListResponse,
} from '@vendo/shared/schemas/admin.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { reply, route } from '../../api/route.ts';
import { readDbOf } from '../../db/read-replica.ts';
import { sendCsv } from '../../lib/send-csv.ts';
import { apiError } from '../../openapi/operation.ts';
import { idParam } from '../../api/params.ts';
import {
  adminDashboard,
  auditLogPage,
  resetUserPassword,
  setRole,
  setUserType,
  userForStaff,
} from './admin-people.service.ts';
import { salesChart } from './admin-sales.service.ts';
import { listUsersForStaff, usersCsv } from './admin-users.service.ts';

const tags = ['Admin'];
const userNotFound = {
  user: { summary: 'No such user', value: apiError('NOT_FOUND', 'That user does not exist') },
};

/**
 * The back office's people under /admin: the dashboard, users, tiers, roles, password resets and
 * the audit log (staff only; every change audited; docs/product-rules.md#roles).
 */
export const adminRoutes = [
  /** The admin's details and the business at a glance (docs/product-rules.md#staff-screens). */
  route({
    method: 'get',
    path: '/admin',
    tags,
    summary: 'The business at a glance',
    access: 'admin',
    answers: { 200: { description: 'The dashboard', schema: ZAdminDashboardResponse } },
    handler: async ({ ctx, user }) => reply(200, await adminDashboard(ctx, user)),
  }),
  /** Staff user list (docs/product-rules.md#staff-screens): admins and agents. */
  route({
    method: 'get',
    path: '/admin/users',
    tags,
    summary: 'Users',
    description: '20 a page, newest first, with the totals of the whole filter.',
    access: 'agent',
    query: ZUserListQuery,
    answers: { 200: { description: 'A page of users', schema: ZUserListResponse } },
    handler: async ({ ctx, query }) => reply(200, await listUsersForStaff(ctx.db, query)),
  }),
  route({
    method: 'get',
    path: '/admin/users/{id}',
    tags,
    summary: 'One user',
    access: 'agent',
    params: idParam('The user’s `_id`'),
    answers: { 200: { description: 'The user', schema: ZUserDetailResponse } },
    errors: { 404: userNotFound },
    handler: async ({ ctx, params }) => reply(200, { user: await userForStaff(ctx, params.id) }),
  }),
  route({
    method: 'get',
    path: '/admin/upgradeUser/{userId}/{userType}',
    tags,
    summary: 'Change a user’s tier',
    description: 'No charge and no referral reward; audited.',
    access: 'admin',
    params: ZUpgradeUserParams,
    answers: { 200: { description: 'The user after it', schema: ZUserChangedResponse } },
    errors: { 404: userNotFound },
    handler: async ({ ctx, user, params }) =>
      reply(200, await setUserType(ctx, user, params.userId, params.userType)),
  }),
  route({
    method: 'post',
    path: '/admin/resetUserPassword',
    tags,
    summary: 'Mail a user a password reset link',
    description: 'Ends their sessions; staff never set a password.',
    access: 'admin',
    body: ZResetUserPasswordRequest,
    answers: { 200: { description: 'Mailed', schema: ZMsgResponse } },
    errors: { 404: userNotFound },
    handler: async ({ ctx, user, body }) => {
      const { msg } = await resetUserPassword(ctx, user, body.userId);
      return reply(200, { msg });
    },
  }),
  route({
    method: 'post',
    path: '/admin/roles',
    tags,
    summary: 'Give or take the agent or coupon vendor role',
    access: 'admin',
    body: ZRoleRequest,
    answers: { 200: { description: 'The user after it', schema: ZUserChangedResponse } },
    errors: { 404: userNotFound },
    handler: async ({ ctx, user, body }) => reply(200, await setRole(ctx, user, body)),
  }),
  route({
    method: 'get',
    path: '/admin/audit',
    tags,
    summary: 'Audit log of staff changes',
    access: 'admin',
    query: ZAuditQuery,
    answers: { 200: { description: '50 entries a page, newest first', schema: ZAuditResponse } },
    handler: async ({ ctx, query }) => reply(200, await auditLogPage(ctx, query)),
  }),
  /** Sales and profit per Lagos day and network (the dashboard's chart), `?days=` 1–90. */
  route({
    method: 'get',
    path: '/admin/salesChart',
    tags,
    summary: 'Sales and profit per day and network',
    description:
      'Delivered purchases per Lagos day and network over the last `days` (1 to 90, default 30), oldest first.',
    access: 'admin',
    query: ZSalesChartQuery,
    answers: { 200: { description: 'The days', schema: ZSalesChartResponse } },
    handler: async ({ ctx, query }) => reply(200, await salesChart(ctx, query)),
  }),
  /**
   * The same list as CSV, every page (admins and agents): streamed a page at a time with
   * backpressure, named after its row range.
   */
  route({
    method: 'get',
    path: '/admin/users.csv',
    tags,
    summary: 'Users as CSV',
    description:
      'The user list’s filters, every matching user, streamed: S/N, member since, username, phone, balance, user type, last seen. The file is named after the row range; cells that look like formulas are neutralised.',
    access: 'agent',
    query: ZUserCsvQuery,
    answers: {
      200: {
        description: 'The CSV file',
        contentType: 'text/csv',
        examples: {
          csv: {
            summary: 'First lines',
            value:
              'S/N,Member since,Username,Phone,Balance,User type,Last seen\n1,2026-11-24,ada,08031234567,5000.00,smart earner,2026-11-24 10:15\n',
          },
        },
      },
    },
    handler: async ({ ctx, query, res }) => {
      // A report: read from the replica when there is one (decision 0034).
      const { fileName, lines } = await usersCsv(await readDbOf(ctx), query);
      await sendCsv(res, { fileName, lines, logger: ctx.logger, what: 'users export' });
      return undefined;
    },
  }),
];
