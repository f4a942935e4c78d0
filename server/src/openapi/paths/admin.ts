import { z } from 'zod';
import {
  ZSendMailRequest,
  ZServiceStatusRequest,
  ZSupplierRequest,
  ZUssdCodeRequest,
} from '@vendo/shared/schemas/admin';
import {
  ZMailCampaignResponse,
  ZServiceListResponse,
  ZSupplierListResponse,
  ZUssdCodesUpdatedResponse,
} from '@vendo/shared/schemas/admin.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { apiError, type ApiRoute } from '../operation.ts';

const tags = ['Admin'];

/** The back office under /admin (staff only; every change audited); the catalogue's in catalogue-admin.ts. */
export const adminPaths: ApiRoute[] = [
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
