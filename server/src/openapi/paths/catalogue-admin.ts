import {
  ZCostPriceListResponse,
  ZCostPriceRequest,
  ZPlanHistoryResponse,
  ZPlanListQuery,
  ZPlanDeleteQuery,
  ZPlanListResponse,
  ZPlanRequest,
  ZPlanSavedResponse,
  ZUpdatePriceRequest,
  ZUpdatePriceResponse,
} from '@vendo/shared/schemas/catalogue-admin';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { ZPlanDeletedResponse } from '../answers.ts';
import { apiError, type ApiRoute } from '../operation.ts';
import { idParam } from './params.ts';

const planNotFound = {
  plan: {
    summary: 'No such plan',
    value: apiError('NOT_FOUND', 'That plan does not exist (it may have been deleted)'),
  },
};

/**
 * The catalogue's back office: plans under /dataPlan, cost and selling prices and the site notice
 * (staff only; every change audited).
 */
export const catalogueAdminPaths: ApiRoute[] = [
  {
    method: 'get',
    path: '/admin/costPrice',
    tags: ['Admin: catalogue'],
    summary: 'Cost per GB of each network',
    access: 'admin',
    answers: { 200: { description: 'Per network', schema: ZCostPriceListResponse } },
  },
  {
    method: 'post',
    path: '/admin/costPrice',
    tags: ['Admin: catalogue'],
    summary: 'Set a network’s cost per GB',
    access: 'admin',
    body: ZCostPriceRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
  },
  {
    method: 'post',
    path: '/admin/updatePrice',
    tags: ['Admin: catalogue'],
    summary: 'Change a plan’s prices',
    description:
      'A 1 GB plan’s prices are per GB and rescale every plan of its network and type by volume; `preview: true` answers the changes without applying them.',
    access: 'agent',
    body: ZUpdatePriceRequest,
    answers: { 200: { description: 'The changes', schema: ZUpdatePriceResponse } },
    errors: { 404: planNotFound },
  },
  {
    method: 'get',
    path: '/dataPlan',
    tags: ['Admin: catalogue'],
    summary: 'Managed plans of a network',
    description: 'With cost prices and margins per tier; retired plans aside.',
    access: 'agent',
    query: ZPlanListQuery,
    answers: { 200: { description: 'The plans', schema: ZPlanListResponse } },
  },
  {
    method: 'post',
    path: '/dataPlan/add',
    tags: ['Admin: catalogue'],
    summary: 'Add a plan',
    description: 'Prices must keep cost ≤ API ≤ reseller ≤ smart earner.',
    access: 'admin',
    body: ZPlanRequest,
    answers: { 201: { description: 'Added', schema: ZPlanSavedResponse } },
    errors: { 409: true },
  },
  {
    method: 'patch',
    path: '/dataPlan/update',
    tags: ['Admin: catalogue'],
    summary: 'Change a plan',
    access: 'admin',
    body: ZPlanRequest,
    answers: { 200: { description: 'Changed', schema: ZPlanSavedResponse } },
    errors: { 404: planNotFound, 409: true },
  },
  {
    method: 'delete',
    path: '/dataPlan/delete',
    tags: ['Admin: catalogue'],
    summary: 'Delete a plan',
    description: 'A plan with purchases is retired (kept for its receipts), otherwise erased.',
    access: 'admin',
    query: ZPlanDeleteQuery,
    answers: { 200: { description: 'Deleted or retired', schema: ZPlanDeletedResponse } },
    errors: { 404: planNotFound },
  },
  {
    method: 'get',
    path: '/dataPlan/history/{id}',
    tags: ['Admin: catalogue'],
    summary: 'A plan’s price history',
    access: 'admin',
    params: idParam('The plan’s `_id`'),
    answers: { 200: { description: 'Newest first', schema: ZPlanHistoryResponse } },
  },
];
