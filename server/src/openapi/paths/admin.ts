import { z } from 'zod';
import {
  ZAlertsQuery,
  ZAuditQuery,
  ZReconcileSuppliersRequest,
  ZRefundRequest,
  ZResetUserPasswordRequest,
  ZRoleRequest,
  ZSandboxFloatRequest,
  ZSendMailRequest,
  ZUpgradeUserParams,
  ZSalesChartQuery,
  ZUserCsvQuery,
  ZUserListQuery,
} from '@vendo/shared/schemas/admin';
import {
  ZAcknowledgeAlertResponse,
  ZAdminDashboardResponse,
  ZAlertsResponse,
  ZAuditResponse,
  ZMailCampaignResponse,
  ZPendingPurchasesResponse,
  ZReconciliationRunsResponse,
  ZRequeryPurchaseResponse,
  ZSalesChartResponse,
  ZUserChangedResponse,
  ZUserDetailResponse,
  ZUserListResponse,
} from '@vendo/shared/schemas/admin.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { ZReconcileStartedResponse } from '../answers.ts';
import { apiError, type ApiRoute } from '../operation.ts';
import { idParam } from './params.ts';

const tags = ['Admin'];
const userNotFound = {
  user: { summary: 'No such user', value: apiError('NOT_FOUND', 'That user does not exist') },
};

/** The back office under /admin (staff only; every change audited); the catalogue's in catalogue-admin.ts. */
export const adminPaths: ApiRoute[] = [
  {
    method: 'get',
    path: '/admin',
    tags,
    summary: 'The business at a glance',
    access: 'admin',
    answers: { 200: { description: 'The dashboard', schema: ZAdminDashboardResponse } },
  },
  {
    method: 'get',
    path: '/admin/users',
    tags,
    summary: 'Users',
    description: '20 a page, newest first, with the totals of the whole filter.',
    access: 'agent',
    query: ZUserListQuery,
    answers: { 200: { description: 'A page of users', schema: ZUserListResponse } },
  },
  {
    method: 'get',
    path: '/admin/users/{id}',
    tags,
    summary: 'One user',
    access: 'agent',
    params: idParam('The user’s `_id`'),
    answers: { 200: { description: 'The user', schema: ZUserDetailResponse } },
    errors: { 404: userNotFound },
  },
  {
    method: 'get',
    path: '/admin/upgradeUser/{userId}/{userType}',
    tags,
    summary: 'Change a user’s tier',
    description: 'No charge and no referral reward; audited.',
    access: 'admin',
    params: ZUpgradeUserParams,
    answers: { 200: { description: 'The user after it', schema: ZUserChangedResponse } },
    errors: { 404: userNotFound },
  },
  {
    method: 'post',
    path: '/admin/resetUserPassword',
    tags,
    summary: 'Mail a user a password reset link',
    description: 'Ends their sessions; staff never set a password.',
    access: 'admin',
    body: ZResetUserPasswordRequest,
    answers: { 200: { description: 'Mailed', schema: ZMsgResponse } },
    errors: { 404: userNotFound },
  },
  {
    method: 'post',
    path: '/admin/roles',
    tags,
    summary: 'Give or take the agent or coupon vendor role',
    access: 'admin',
    body: ZRoleRequest,
    answers: { 200: { description: 'The user after it', schema: ZUserChangedResponse } },
    errors: { 404: userNotFound },
  },
  {
    method: 'get',
    path: '/admin/audit',
    tags,
    summary: 'Audit log of staff changes',
    access: 'admin',
    query: ZAuditQuery,
    answers: { 200: { description: '50 entries a page, newest first', schema: ZAuditResponse } },
  },
  {
    method: 'post',
    path: '/admin/refund/{id}',
    idempotent: true,
    tags: ['Admin: purchases'],
    summary: 'Refund a purchase',
    description:
      'An unsettled purchase is re-queried first and refunded only if the supplier says it failed. A delivered one only by an admin, with a `reason` (audited). Never twice.',
    access: 'agent',
    params: idParam('The purchase’s `_id`'),
    body: ZRefundRequest,
    answers: { 200: { description: 'Refunded', schema: ZMsgResponse } },
    errors: { 404: true, 409: true },
  },
  {
    method: 'post',
    path: '/admin/requery/{id}',
    idempotent: true,
    tags: ['Admin: purchases'],
    summary: 'Re-query an unsettled purchase now',
    access: 'agent',
    params: idParam('The purchase’s `_id`'),
    answers: {
      200: { description: 'The supplier’s word and the status', schema: ZRequeryPurchaseResponse },
    },
    errors: { 404: true },
  },
  {
    method: 'get',
    path: '/admin/pending',
    tags: ['Admin: purchases'],
    summary: 'Unsettled purchases',
    description: 'Oldest first (at most 200), those past the settle deadline marked `escalated`.',
    access: 'agent',
    answers: { 200: { description: 'The queue', schema: ZPendingPurchasesResponse } },
  },
  {
    method: 'get',
    path: '/admin/alerts',
    tags,
    summary: 'Alerts for staff',
    description: 'The latest 100, or with `open=true` only those no admin has acknowledged.',
    access: 'agent',
    query: ZAlertsQuery,
    answers: { 200: { description: 'Newest first', schema: ZAlertsResponse } },
  },
  {
    method: 'post',
    path: '/admin/alerts/{id}/acknowledge',
    tags,
    summary: 'Acknowledge an alert',
    description: 'Once, by an admin; audited. A second acknowledgement is a 409.',
    access: 'admin',
    params: idParam('The alert’s `id`'),
    answers: { 200: { description: 'Acknowledged', schema: ZAcknowledgeAlertResponse } },
    errors: { 404: true, 409: true },
  },
  {
    method: 'get',
    path: '/admin/salesChart',
    tags,
    summary: 'Sales and profit per day and network',
    description:
      'Delivered purchases per Lagos day and network over the last `days` (1 to 90, default 30), oldest first.',
    access: 'admin',
    query: ZSalesChartQuery,
    answers: { 200: { description: 'The days', schema: ZSalesChartResponse } },
  },
  {
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
  },
  {
    method: 'post',
    path: '/admin/reconcileSuppliers',
    tags: ['Admin: purchases'],
    summary: 'Reconcile a day with the suppliers',
    description:
      'Re-queries every settled purchase of a Lagos day (today by default) in the background and records (and alerts) where the supplier disagrees with our books.',
    access: 'admin',
    body: ZReconcileSuppliersRequest,
    answers: { 202: { description: 'Started', schema: ZReconcileStartedResponse } },
  },
  {
    method: 'get',
    path: '/admin/reconcileSuppliers',
    tags: ['Admin: purchases'],
    summary: 'Reconciliation runs',
    access: 'admin',
    answers: { 200: { description: 'Newest first', schema: ZReconciliationRunsResponse } },
  },
  {
    method: 'post',
    path: '/admin/sandbox/float',
    tags: ['Admin: purchases'],
    summary: 'Top up a sandbox supplier’s float',
    description: 'Sandbox only.',
    access: 'admin',
    body: ZSandboxFloatRequest,
    answers: { 200: { description: 'Topped up', schema: ZMsgResponse } },
  },
  {
    method: 'post',
    path: '/admin/sendMail',
    tags,
    summary: 'Mail one user or everyone',
    description:
      'A `userAccount` mails that user at once; blank mails every user in background batches (watch with GET /admin/sendMail/{id}); a restart resumes without mailing anyone twice.',
    access: 'admin',
    body: ZSendMailRequest,
    answers: { 200: { description: 'Progress', schema: ZMailCampaignResponse } },
    errors: {
      404: {
        user: {
          summary: 'Unknown username',
          value: apiError('NOT_FOUND', 'No user has that username'),
        },
      },
    },
  },
  {
    method: 'get',
    path: '/admin/sendMail/{id}',
    tags,
    summary: 'A mail campaign’s progress',
    access: 'admin',
    params: z.object({ id: z.coerce.number().int().positive().describe('The campaign id') }),
    answers: { 200: { description: 'Progress', schema: ZMailCampaignResponse } },
    errors: {
      404: {
        mail: { summary: 'No such mail', value: apiError('NOT_FOUND', 'That mail does not exist') },
      },
    },
  },
];
