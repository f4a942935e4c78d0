import {
  ZServiceStatusRequest,
  ZSupplierRequest,
  ZUssdCodeRequest,
} from '@vendo/shared/schemas/admin';
import {
  ZServiceListResponse,
  ZSupplierListResponse,
  ZUssdCodesUpdatedResponse,
} from '@vendo/shared/schemas/admin.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import type { ApiRoute } from '../operation.ts';

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
];
