import { z } from 'zod';
import { ZMsgResponse } from '@vendo/shared/schemas/common';

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
