import { z } from 'zod';
import { ZIsoDateTime, ZMsgResponse } from '@vendo/shared/schemas/common';

/**
 * Answers no client screen reads yet, so @vendo/shared has no schema for them: described here
 * for the reference only, from what the services return. When a screen needs one, it moves to
 * the shared *.responses.ts files.
 */

/** DELETE /dataPlan/delete. */
export const ZPlanDeletedResponse = ZMsgResponse.extend({
  retired: z.boolean().describe('true: it had purchases, so it is hidden but kept for receipts'),
});

/** POST /admin/notification. */
export const ZNotificationPublishedResponse = ZMsgResponse.extend({
  id: z.number().int().describe('The new message’s id'),
});

/** POST /admin/reconcileSuppliers (202): the run started in the background. */
export const ZReconcileStartedResponse = ZMsgResponse.extend({
  day: z.string().describe('The Lagos day being reconciled, YYYY-MM-DD'),
});

const ZSupplierMismatch = z.object({
  transactionId: z.string(),
  reference: z.string(),
  supplier: z.string(),
  ours: z.string().describe('Our status'),
  theirs: z.string().describe("The supplier's outcome"),
  message: z.string(),
  kind: z
    .string()
    .describe(
      "'sold_but_failed', 'refunded_but_delivered', 'unanswered', 'answer_mismatch' (the answer is about another order) or 'refunded_by_reversal' (the supplier reversed a delivered purchase; this run refunded it)",
    ),
});

const ZSupplierFloatCheck = z.object({
  supplier: z.string(),
  delivered: z.number().int().describe('Delivered purchases of the day (ours and theirs agree)'),
  measured: z
    .number()
    .int()
    .describe('Of those, answers that gave balance_before and balance_after'),
  movement: z.number().describe('Naira: Σ (balance_before − balance_after) over those measured'),
  cost: z.number().describe('Naira: what those purchases cost us'),
  difference: z.number().describe('Naira: movement − cost (0 when the supplier took our cost)'),
  differing: z.array(z.string()).describe('References whose own movement differs from cost (≤ 20)'),
});

/** GET /admin/reconcileSuppliers: the latest runs, newest first. */
export const ZReconciliationRunsResponse = z.object({
  runs: z.array(
    z.object({
      id: z.number().int(),
      day: z.string(),
      startedAt: ZIsoDateTime,
      finishedAt: ZIsoDateTime.nullable().describe('null while it runs'),
      checked: z.number().int().describe('Settled purchases asked about'),
      mismatches: z.array(ZSupplierMismatch),
      floats: z
        .array(ZSupplierFloatCheck)
        .describe("Each supplier's float movement against our cost"),
    }),
  ),
});

/** GET /openapi.json: this document. */
export const ZOpenApiDocument = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
  .loose()
  .describe('An OpenAPI 3.1 document');

/**
 * The provider webhooks' bodies are the providers' own formats (Squad's charge_successful,
 * BillStack's deposit), checked by their adapters after the signature over the raw bytes.
 */
export const ZProviderEvent = z
  .record(z.string(), z.unknown())
  .describe("The provider's event, in its own format");
