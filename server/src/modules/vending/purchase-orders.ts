import type { TNetwork, TSupplier } from '@vendo/shared/constants';
import type { AppContext } from '../../app-context.ts';
import type { BillsOrder } from '../../providers/bills/port.ts';
import type { BillsKind, PurchaseKind, SupplierResult } from '../../providers/vending/port.ts';
import { asSupplierResult, billsSupplierOf } from '../bills/bills-supplier.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';

/**
 * What is sent to a supplier, per product, and how an order is re-queried: data, airtime and
 * electricity go to the vending supplier named on the purchase (ALARO, GLAD), cable TV and exam
 * PINs to the bills supplier (VTpass) under the request id stored on the receipt before sending.
 */

/** Who may serve a purchase: a vending supplier, or the bills one. */
export type PurchaseSupplier = TSupplier | 'VTPASS';

export type SupplierOrder =
  | { kind: 'data'; network: TNetwork; phone: string; supplierPlanId: string; ported: boolean }
  | { kind: 'airtime'; network: TNetwork; phone: string; amountKobo: number; ported: boolean }
  | {
      kind: 'electricity';
      discoId: number;
      meterNumber: string;
      meterType: 'prepaid' | 'postpaid';
      amountKobo: number;
      phone: string | null;
      customerName: string | null;
    }
  | { kind: BillsKind; bills: BillsOrder };

const BILLS_KINDS: readonly string[] = ['cable', 'exam', 'epin'] satisfies BillsKind[];
const isBills = (type: string): boolean => BILLS_KINDS.includes(type);

/** Places an order with its supplier (never inside a DB transaction). */
export const placeOrder = async (
  ctx: AppContext,
  supplierName: PurchaseSupplier,
  reference: string,
  order: SupplierOrder,
): Promise<SupplierResult> => {
  if (order.kind === 'cable' || order.kind === 'exam' || order.kind === 'epin') {
    return asSupplierResult(await billsSupplierOf(ctx).pay(order.bills));
  }
  const supplier = ctx.suppliers.get(supplierName as TSupplier);
  switch (order.kind) {
    case 'data':
      return supplier.buyData({ reference, ...order });
    case 'airtime':
      return supplier.buyAirtime({ reference, ...order });
    case 'electricity':
      return supplier.buyElectricity({ reference, ...order });
  }
};

/**
 * Asks a purchase's supplier how its order went: by the supplier's id or our reference (vending),
 * by the stored request id (bills). May throw (the caller counts that as pending).
 */
export const queryOrder = async (
  ctx: AppContext,
  purchase: TransactionRow,
): Promise<SupplierResult> => {
  if (isBills(purchase.type)) {
    const requestId = (purchase.details ?? {}).vtpassRequestId;
    if (typeof requestId !== 'string') {
      return {
        outcome: 'pending',
        supplierRef: null,
        message: 'No bills request id on this purchase',
        raw: '',
      };
    }
    return asSupplierResult(await billsSupplierOf(ctx).requery(requestId));
  }
  return ctx.suppliers
    .get((purchase.supplier ?? 'ALARO') as TSupplier)
    .query(purchase.type as PurchaseKind, {
      supplierRef: purchase.supplierRef,
      reference: purchase.reference,
    });
};
