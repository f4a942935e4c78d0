import { z } from 'zod';
import {
  ZAlertsQuery,
  ZReconcileSuppliersRequest,
  ZRefundRequest,
  ZSandboxFloatRequest,
  ZSendMailRequest,
  ZServiceStatusRequest,
  ZSupplierRequest,
  ZUssdCodeRequest,
} from '@vendo/shared/schemas/admin';
import {
  ZAcknowledgeAlertResponse,
  ZAlertsResponse,
  ZMailCampaignResponse,
  ZPendingPurchasesResponse,
  ZReconciliationRunsResponse,
  ZRequeryPurchaseResponse,
  ZServiceListResponse,
  ZSupplierListResponse,
  ZUssdCodesUpdatedResponse,
} from '@vendo/shared/schemas/admin.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { ZReconcileStartedResponse } from '../answers.ts';
import { apiError, type ApiRoute } from '../operation.ts';
import { idParam } from './params.ts';

const tags = ['Admin'];

/** The back office under /admin (staff only; every change audited); the catalogue's in catalogue-admin.ts. */
export const adminPaths: ApiRoute[] = [
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
    method: 'get',
    path: '/admin/supplier',
    tags: ['Admin: catalogue'],
    summary: 'The supplier of each network',
    access: 'admin',
    answers: { 200: { description: 'Per network', schema: ZSupplierListResponse } },
  },
  {
    method: 'post',
    path: '/admin/supplier',
    tags: ['Admin: catalogue'],
    summary: 'Choose a network’s supplier',
    access: 'admin',
    body: ZSupplierRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
  },
  {
    method: 'get',
    path: '/admin/checkServices',
    tags: ['Admin: catalogue'],
    summary: 'Service locks',
    access: 'admin',
    answers: { 200: { description: 'Each service', schema: ZServiceListResponse } },
  },
  {
    method: 'post',
    path: '/admin/updateServices',
    tags: ['Admin: catalogue'],
    summary: 'Lock or unlock a service',
    access: 'admin',
    body: ZServiceStatusRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
  },
  {
    method: 'post',
    path: '/admin/ussd',
    tags: ['Admin: catalogue'],
    summary: 'Add or change a USSD code',
    access: 'admin',
    body: ZUssdCodeRequest,
    answers: { 200: { description: 'Every code after it', schema: ZUssdCodesUpdatedResponse } },
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
