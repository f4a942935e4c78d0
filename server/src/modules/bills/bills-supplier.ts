import type { AppContext } from '../../app-context.ts';
import type { BillsResult, BillsSupplier } from '../../providers/bills/port.ts';
import { createVtpassSupplier } from '../../providers/bills/vtpass.ts';
import { vtpassBaseUrl } from '../../providers/bills/vtpass.config.ts';
import type { SupplierResult } from '../../providers/vending/port.ts';

const built = new WeakMap<AppContext, { url: string; supplier: BillsSupplier }>();

/**
 * The bills supplier (VTpass) of this app: `ctx.bills` when one was given (a test's own), else
 * the adapter built from VTPASS_* (the sandbox at the app's own URL without VTPASS_BASE_URL),
 * built once per context and again only if that URL changes (the app binds its port late).
 */
export const billsSupplierOf = (ctx: AppContext): BillsSupplier => {
  if (ctx.bills) return ctx.bills;
  const url = vtpassBaseUrl(ctx.config.vtpass, ctx.selfUrl());
  const cached = built.get(ctx);
  if (cached?.url === url) return cached.supplier;
  const supplier = createVtpassSupplier({ ...ctx.config.vtpass, baseUrl: url });
  built.set(ctx, { url, supplier });
  return supplier;
};

/**
 * A bills answer in the purchase state machine's terms (providers/vending/port.ts): delivered is
 * success, and what the answer names is compared by answer-check.ts (request id, number,
 * quantity). PINs ride along to be sealed on the receipt; the raw body is stored without them.
 */
export const asSupplierResult = (result: BillsResult): SupplierResult => {
  const answered = result.answered;
  return {
    outcome: result.outcome === 'delivered' ? 'success' : result.outcome,
    supplierRef: result.supplierRef,
    message: result.message,
    raw: result.raw,
    ...(result.pins && result.pins.length > 0 ? { pins: result.pins } : {}),
    ...(result.insufficientFloat ? { insufficientFloat: true } : {}),
    ...(result.duplicateRequest ? { duplicateRequest: true } : {}),
    ...(result.notFound ? { notFound: true } : {}),
    ...(answered
      ? {
          answered: {
            ...(answered.requestId ? { reference: answered.requestId } : {}),
            ...(answered.billersCode ? { billersCode: answered.billersCode } : {}),
            ...(answered.quantity !== undefined ? { quantity: answered.quantity } : {}),
          },
        }
      : {}),
  };
};
