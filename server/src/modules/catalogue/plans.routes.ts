import { z } from 'zod';
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
import {
  ZCostPriceListResponse,
  ZCostPriceRequest,
  ZPlanDeleteQuery,
  ZPlanHistoryResponse,
  ZPlanIdParams,
  ZPlanListQuery,
  ZPlanListResponse,
  ZPlanRequest,
  ZPlanUpdateRequest,
  ZPlanSavedResponse,
  ZUpdatePriceRequest,
  ZUpdatePriceResponse,
} from '@vendo/shared/schemas/catalogue-admin';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { reply, route } from '../../api/route.ts';
import { ZPlanDeletedResponse } from '../../openapi/answers.ts';
import { apiError } from '../../openapi/operation.ts';
import {
  addPlan,
  changePlan,
  costPrices,
  deletePlan,
  listPlans,
  planHistory,
  setCostPrice,
  updatePrices,
} from './plans.service.ts';
import {
  chooseSupplier,
  lockService,
  networkSuppliers,
  saveUssdCode,
  serviceLocks,
} from './settings.service.ts';

const tags = ['Admin: catalogue'];
const planNotFound = {
  plan: {
    summary: 'No such plan',
    value: apiError('NOT_FOUND', 'That plan does not exist (it may have been deleted)'),
  },
};

/**
 * Catalogue settings under /admin: updatePrice (admins and agents), and for admins costPrice,
 * supplier, checkServices, updateServices, ussd. Every change audited.
 */
export const priceAdminRoutes = [
  route({
    method: 'post',
    path: '/admin/updatePrice',
    tags,
    summary: 'Change a plan’s prices',
    description:
      'A 1 GB plan’s prices are per GB and rescale every plan of its network and type by volume; `preview: true` answers the changes without applying them.',
    access: 'agent',
    body: ZUpdatePriceRequest,
    answers: { 200: { description: 'The changes', schema: ZUpdatePriceResponse } },
    errors: { 404: planNotFound },
    handler: async ({ ctx, user, body }) => reply(200, await updatePrices(ctx, user, body)),
  }),
  route({
    method: 'get',
    path: '/admin/supplier',
    tags,
    summary: 'The supplier of each network, and each product’s failover order',
    access: 'admin',
    answers: { 200: { description: 'Per network', schema: ZSupplierListResponse } },
    handler: async ({ ctx }) => reply(200, await networkSuppliers(ctx)),
  }),
  route({
    method: 'post',
    path: '/admin/supplier',
    tags,
    summary: 'Choose a network’s supplier, or its failover order',
    description:
      '`supplierName` alone: that supplier serves the network’s data and airtime. `suppliers` (e.g. `["ALARO", "GLAD"]`): a purchase goes to the first; when one refuses the order before taking it (our float there exhausted, the service down, the network not supported) it goes to the next in the same request. Never on a timeout or a pending answer. With `product` (`data` or `airtime`) only that product’s order changes.',
    access: 'admin',
    body: ZSupplierRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
    handler: async ({ ctx, user, body }) => reply(200, await chooseSupplier(ctx, user, body)),
  }),
  route({
    method: 'get',
    path: '/admin/checkServices',
    tags,
    summary: 'Service locks',
    description:
      'Each whole service (airtime, data, electricity), then each network’s airtime and data (`serviceName` the network, `serviceType` the service); `serviceStatus` false is locked.',
    access: 'admin',
    answers: { 200: { description: 'Each service', schema: ZServiceListResponse } },
    handler: async ({ ctx }) => reply(200, await serviceLocks(ctx)),
  }),
  route({
    method: 'post',
    path: '/admin/updateServices',
    tags,
    summary: 'Lock or unlock a service',
    description:
      '`serviceName`: airtime, data or electricity (the whole service), or a network (MTN, GLO, AIRTEL, 9MOBILE) with `serviceType` airtime or data. `serviceStatus`: true or `enable` to sell, false or `disable` to lock.',
    access: 'admin',
    body: ZServiceStatusRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
    handler: async ({ ctx, user, body }) => reply(200, await lockService(ctx, user, body)),
  }),
  route({
    method: 'post',
    path: '/admin/ussd',
    tags,
    summary: 'Add or change a USSD code',
    access: 'admin',
    body: ZUssdCodeRequest,
    answers: { 200: { description: 'Every code after it', schema: ZUssdCodesUpdatedResponse } },
    handler: async ({ ctx, user, body }) => reply(200, await saveUssdCode(ctx, user, body)),
  }),
  route({
    method: 'get',
    path: '/admin/costPrice',
    tags,
    summary: 'Cost per GB of each network',
    access: 'admin',
    answers: { 200: { description: 'Per network', schema: ZCostPriceListResponse } },
    handler: async ({ ctx }) => reply(200, await costPrices(ctx)),
  }),
  route({
    method: 'post',
    path: '/admin/costPrice',
    tags,
    summary: 'Set a network’s cost per GB',
    access: 'admin',
    body: ZCostPriceRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
    handler: async ({ ctx, user, body }) => reply(200, await setCostPrice(ctx, user, body)),
  }),
];

/** /dataPlan/*: the plan page (admins; agents may list plans to change their prices). */
export const planRoutes = [
  route({
    method: 'get',
    path: '/dataPlan',
    tags,
    summary: 'Managed plans of a network',
    description: 'With cost prices and margins per tier; retired plans aside.',
    access: 'agent',
    query: ZPlanListQuery,
    answers: { 200: { description: 'The plans', schema: ZPlanListResponse } },
    handler: async ({ ctx, query }) => reply(200, { plans: await listPlans(ctx, query.network) }),
  }),
  route({
    method: 'post',
    path: '/dataPlan/add',
    tags,
    summary: 'Add a plan',
    description: 'Prices must keep cost ≤ API ≤ reseller ≤ smart earner.',
    access: 'admin',
    body: ZPlanRequest,
    answers: { 201: { description: 'Added', schema: ZPlanSavedResponse } },
    errors: { 409: true },
    handler: async ({ ctx, user, body }) =>
      reply(201, { msg: 'Plan added successfully', plan: await addPlan(ctx, user, body) }),
  }),
  route({
    method: 'patch',
    path: '/dataPlan/update',
    tags,
    summary: 'Change a plan',
    description:
      '`_id` and the fields to change; a field left out keeps its value (`{_id, planAvailability: false}` hides a plan). `planCostPrice` or `partnerPrice` null clears it.',
    access: 'admin',
    body: ZPlanUpdateRequest,
    answers: { 200: { description: 'Changed', schema: ZPlanSavedResponse } },
    errors: { 404: planNotFound, 409: true },
    handler: async ({ ctx, user, body }) =>
      reply(200, { msg: 'Plan updated successfully', plan: await changePlan(ctx, user, body) }),
  }),
  route({
    method: 'delete',
    path: '/dataPlan/delete',
    tags,
    summary: 'Delete a plan',
    description: 'A plan with purchases is retired (kept for its receipts), otherwise erased.',
    access: 'admin',
    query: ZPlanDeleteQuery,
    answers: { 200: { description: 'Deleted or retired', schema: ZPlanDeletedResponse } },
    errors: { 404: planNotFound },
    handler: async ({ ctx, user, query }) => reply(200, await deletePlan(ctx, user, query.planId)),
  }),
  route({
    method: 'get',
    path: '/dataPlan/history/{id}',
    tags,
    summary: 'A plan’s price history',
    access: 'admin',
    // A malformed id names no plan: refused with 400 'That plan does not exist' (ZPlanIdParams).
    params: z.object({ id: ZPlanIdParams.shape.id.describe('The plan’s `_id`') }),
    answers: { 200: { description: 'Newest first', schema: ZPlanHistoryResponse } },
    handler: async ({ ctx, params }) => reply(200, { history: await planHistory(ctx, params.id) }),
  }),
];
