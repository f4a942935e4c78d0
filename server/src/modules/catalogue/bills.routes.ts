import {
  ZBillsCatalogueResponse,
  ZBillsListQuery,
  ZBillsPriceRequest,
  ZBillsProductIdParams,
  ZBillsProductRequest,
  ZBillsProductSavedResponse,
  ZBillsProductUpdateRequest,
  ZBillsServiceStatusRequest,
  ZBillsServiceStatusResponse,
  ZBillsSupplierRequest,
} from '@vendo/shared/schemas/bills-admin';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { z } from 'zod';
import { reply, route } from '../../api/route.ts';
import { apiError } from '../../openapi/operation.ts';
import {
  addBillsProduct,
  billsCatalogue,
  billsServiceStatus,
  changeBillsProduct,
  chooseBillsSupplier,
  deleteBillsProduct,
  priceBillsProduct,
  setBillsServiceStatus,
} from './bills.service.ts';

const tags = ['Admin: catalogue'];
const productNotFound = {
  product: {
    summary: 'No such product',
    value: apiError('NOT_FOUND', 'That product does not exist (it may have been deleted)'),
  },
};
// A malformed id names no product: refused with 400 'That product does not exist'.
const params = z.object({ id: ZBillsProductIdParams.shape.id.describe('The product’s `_id`') });

/**
 * The bills catalogue under /admin/bills (docs/product-rules.md#bills-catalogue), with the same
 * roles as data plans: agents list and change tier prices; admins add, change and delete
 * bouquets, lock providers and choose suppliers. Every change audited.
 */
export const billsAdminRoutes = [
  route({
    method: 'get',
    path: '/admin/bills',
    tags,
    summary: 'Cable and exam products',
    description:
      'Each provider and exam body (or only `service`) with its lock, its supplier and its products: cost, tier prices and margins; `suppliers` are the choices a service may be given.',
    access: 'agent',
    query: ZBillsListQuery,
    answers: { 200: { description: 'By service', schema: ZBillsCatalogueResponse } },
    handler: async ({ ctx, query }) => reply(200, await billsCatalogue(ctx, query.service)),
  }),
  route({
    method: 'post',
    path: '/admin/bills/products',
    tags,
    summary: 'Add a bouquet',
    description:
      'Cable providers only (exam PIN kinds are fixed). Prices must keep cost ≤ API ≤ reseller ≤ smart earner.',
    access: 'admin',
    body: ZBillsProductRequest,
    answers: { 201: { description: 'Added', schema: ZBillsProductSavedResponse } },
    errors: { 409: true },
    handler: async ({ ctx, user, body }) =>
      reply(201, { msg: 'Bouquet added', product: await addBillsProduct(ctx, user, body) }),
  }),
  route({
    method: 'patch',
    path: '/admin/bills/products/{id}',
    tags,
    summary: 'Change a bouquet or exam PIN',
    description:
      'Only the fields sent change: name, supplier code, cost and tier prices, availability (`isAvailable: false` hides it from buyers).',
    access: 'admin',
    params,
    body: ZBillsProductUpdateRequest,
    answers: { 200: { description: 'Changed', schema: ZBillsProductSavedResponse } },
    errors: { 404: productNotFound },
    handler: async ({ ctx, user, params: { id }, body }) =>
      reply(200, { msg: 'Saved', product: await changeBillsProduct(ctx, user, id, body) }),
  }),
  route({
    method: 'post',
    path: '/admin/bills/products/{id}/price',
    tags,
    summary: 'Change a bouquet’s or exam PIN’s tier prices',
    description: 'One or more of the three tier prices; the others keep theirs.',
    access: 'agent',
    params,
    body: ZBillsPriceRequest,
    answers: { 200: { description: 'Changed', schema: ZBillsProductSavedResponse } },
    errors: { 404: productNotFound },
    handler: async ({ ctx, user, params: { id }, body }) =>
      reply(200, {
        msg: 'Price updated successfully',
        product: await priceBillsProduct(ctx, user, id, body),
      }),
  }),
  route({
    method: 'delete',
    path: '/admin/bills/products/{id}',
    tags,
    summary: 'Delete a bouquet',
    description:
      'Past receipts keep the bouquet’s name and code. Refused (409) for exam PINs (make them unavailable) and while a purchase of the bouquet is pending.',
    access: 'admin',
    params,
    answers: { 200: { description: 'Deleted', schema: ZMsgResponse } },
    errors: { 404: productNotFound, 409: true },
    handler: async ({ ctx, user, params: { id } }) =>
      reply(200, await deleteBillsProduct(ctx, user, id)),
  }),
  route({
    method: 'post',
    path: '/admin/bills/serviceStatus',
    tags,
    summary: 'Lock or unlock a provider or exam body',
    description: '`isOpen` false: none of its products can be bought until it is true again.',
    access: 'admin',
    body: ZBillsServiceStatusRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
    handler: async ({ ctx, user, body }) =>
      reply(200, await setBillsServiceStatus(ctx, user, body)),
  }),
  route({
    method: 'post',
    path: '/admin/bills/supplier',
    tags,
    summary: 'Choose the supplier of a provider or exam body',
    description: 'One of the `suppliers` GET /admin/bills lists.',
    access: 'admin',
    body: ZBillsSupplierRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
    handler: async ({ ctx, user, body }) => reply(200, await chooseBillsSupplier(ctx, user, body)),
  }),
];

/** GET /bills/services: the locks, read-only, for the buy screens ("DStv is paused"). */
export const billsStatusRoutes = [
  route({
    method: 'get',
    path: '/bills/services',
    tags: ['Plans and prices'],
    summary: 'Which cable providers and exam bodies sell now',
    description:
      '`isOpen` false: paused by the back office; its purchases are refused until it reopens. Never a price or a supplier.',
    access: 'public',
    answers: { 200: { description: 'Each service', schema: ZBillsServiceStatusResponse } },
    handler: async ({ ctx, res }) => {
      // A lock applies at once: no cache may keep an old answer.
      res.set('Cache-Control', 'no-store');
      return reply(200, await billsServiceStatus(ctx.db));
    },
  }),
];
