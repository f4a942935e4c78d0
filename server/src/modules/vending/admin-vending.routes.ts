import {
  ZReconcileSuppliersRequest,
  ZRefundRequest,
  ZSandboxFloatRequest,
  ZSandboxOutageParams,
  ZSandboxOutageRequest,
  ZSupplierHealthRequest,
} from '@vendo/shared/schemas/admin';
import {
  ZPendingPurchasesResponse,
  ZReconciliationRunsResponse,
  ZRequeryPurchaseResponse,
  ZSupplierHealthForcedResponse,
  ZSupplierHealthResponse,
} from '@vendo/shared/schemas/admin.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { reply, route } from '../../api/route.ts';
import { ZReconcileStartedResponse } from '../../openapi/answers.ts';
import { idParam } from '../../api/params.ts';
import { pendingQueue, staffRefund, staffRequery } from './staff-purchases.service.ts';
import { forceSupplierHealth, supplierHealth } from './supplier-health.ts';
import {
  lagosToday,
  reconcileSuppliers,
  reconciliationRuns,
} from './supplier-reconciliation.service.ts';

const tags = ['Admin: purchases'];

/** Staff tools for purchases and suppliers under /admin. */
export const adminVendingRoutes = [
  /**
   * Refund a purchase (admin or agent; a delivered one only by an admin, with `{reason}`). An
   * unsettled one is re-queried first and refunded only on the supplier's definite failure.
   */
  route({
    method: 'post',
    path: '/admin/refund/{id}',
    idempotent: true,
    tags,
    summary: 'Refund a purchase',
    description:
      'An unsettled purchase is re-queried first and refunded only if the supplier says it failed. A delivered one only by an admin, with a `reason` (audited). Never twice.',
    access: 'agent',
    params: idParam('The purchase’s `_id`'),
    body: ZRefundRequest,
    answers: { 200: { description: 'Refunded', schema: ZMsgResponse } },
    errors: { 404: true, 409: true },
    handler: async ({ ctx, user, params, body }) =>
      reply(200, await staffRefund(ctx, { id: params.id, actor: user, reason: body.reason })),
  }),
  /** Re-query an unsettled purchase now. */
  route({
    method: 'post',
    path: '/admin/requery/{id}',
    idempotent: true,
    tags,
    summary: 'Re-query an unsettled purchase now',
    access: 'agent',
    params: idParam('The purchase’s `_id`'),
    answers: {
      200: { description: 'The supplier’s word and the status', schema: ZRequeryPurchaseResponse },
    },
    errors: { 404: true },
    handler: async ({ ctx, user, params }) =>
      reply(200, await staffRequery(ctx, { id: params.id, actor: user })),
  }),
  /** The admin queue: purchases still unsettled, oldest first, with those past the SLA marked. */
  route({
    method: 'get',
    path: '/admin/pending',
    tags,
    summary: 'Unsettled purchases',
    description: 'Oldest first (at most 200), those past the settle deadline marked `escalated`.',
    access: 'agent',
    answers: { 200: { description: 'The queue', schema: ZPendingPurchasesResponse } },
    handler: async ({ ctx }) => reply(200, await pendingQueue(ctx)),
  }),
  /**
   * Supplier reconciliation of a Lagos day (default today), admins: starts a run in the
   * background and answers at once; GET lists the runs with their mismatches.
   */
  route({
    method: 'post',
    path: '/admin/reconcileSuppliers',
    tags,
    summary: 'Reconcile a day with the suppliers',
    description:
      'Re-queries every settled purchase of a Lagos day (today by default) in the background and records (and alerts) where the supplier disagrees with our books.',
    access: 'admin',
    body: ZReconcileSuppliersRequest,
    answers: { 202: { description: 'Started', schema: ZReconcileStartedResponse } },
    handler: async ({ ctx, body }) => {
      const day = body.date ?? lagosToday();
      void reconcileSuppliers(ctx, day).catch((error: unknown) =>
        ctx.logger.error('supplier reconciliation failed', { day, error: String(error) }),
      );
      return reply(202, { msg: `Reconciling ${day} with the suppliers`, day });
    },
  }),
  route({
    method: 'get',
    path: '/admin/reconcileSuppliers',
    tags,
    summary: 'Reconciliation runs',
    access: 'admin',
    answers: { 200: { description: 'Newest first', schema: ZReconciliationRunsResponse } },
    handler: async ({ ctx }) => reply(200, { runs: await reconciliationRuns(ctx) }),
  }),
  /** Each supplier's health per product: its circuit breaker (docs/product-rules.md#supplier-health). */
  route({
    method: 'get',
    path: '/admin/supplier/health',
    tags,
    summary: 'Each supplier’s health per product',
    description:
      'Per supplier and product (data, airtime): the state the measure gives (`closed` healthy, `open` failing and skipped, `half_open` testing recovery), an admin’s force, the state purchases follow, and the last measure (success ratio and attempts). `rules` are the SUPPLIER_BREAKER_* settings.',
    access: 'admin',
    answers: { 200: { description: 'Every supplier × product', schema: ZSupplierHealthResponse } },
    handler: async ({ ctx }) => reply(200, await supplierHealth(ctx)),
  }),
  /** Forces a supplier's breaker for a product open or closed, or lifts the force (audited). */
  route({
    method: 'post',
    path: '/admin/supplier/health',
    tags,
    summary: 'Force a supplier’s breaker open or closed, or lift the force',
    description:
      '`force: "open"`: the product’s purchases skip the supplier while another of their list is not open; `"closed"`: it takes them whatever it measures; `null`: the measure decides again. Holds until lifted; audited, and the admins are alerted.',
    access: 'admin',
    body: ZSupplierHealthRequest,
    answers: {
      200: { description: 'Changed (or already so)', schema: ZSupplierHealthForcedResponse },
    },
    handler: async ({ ctx, user, body }) => reply(200, await forceSupplierHealth(ctx, user, body)),
  }),
  /**
   * Tops up a simulated supplier's float: served (and documented) only outside production. The
   * sandbox's code is imported when the route is called, so a production process, which never
   * mounts it, never loads that code (sandbox-boundary.test.ts).
   */
  route({
    method: 'post',
    path: '/admin/sandbox/float',
    sandboxOnly: true,
    tags,
    summary: 'Top up a sandbox supplier’s float',
    description: 'Sandbox only.',
    access: 'admin',
    body: ZSandboxFloatRequest,
    answers: { 200: { description: 'Topped up', schema: ZMsgResponse } },
    handler: async ({ ctx, body }) => {
      const { topUpSandboxFloat } = await import('../../sandbox/vending/sandbox-store.ts');
      await topUpSandboxFloat(ctx.db, body.supplier, body.amount);
      return reply(200, { msg: `Sandbox ${body.supplier} float topped up` });
    },
  }),
  /**
   * Puts a sandbox supplier into an outage, or ends it (sandbox only, as the float top-up): while
   * it lasts the supplier refuses every order before taking it, so its purchases fail as not
   * processed (and are refunded) and an operator sees what an outage does.
   */
  route({
    method: 'post',
    path: '/admin/sandbox/suppliers/{name}/outage',
    sandboxOnly: true,
    tags,
    summary: 'Put a sandbox supplier into an outage, or end it',
    description:
      'Sandbox only. `on: true`: the supplier answers every order with a definite "not processed" refusal (HTTP 400 "Service currently unavailable"), re-queries as before; `on: false` ends it.',
    access: 'admin',
    params: ZSandboxOutageParams,
    body: ZSandboxOutageRequest,
    answers: { 200: { description: 'Changed', schema: ZMsgResponse } },
    handler: async ({ ctx, params, body }) => {
      const { setSandboxOutage } = await import('../../sandbox/vending/sandbox-store.ts');
      await setSandboxOutage(ctx.db, params.name, body.on);
      return reply(200, {
        msg: body.on ? `Sandbox ${params.name} is in an outage` : `Sandbox ${params.name} is back`,
      });
    },
  }),
];
