import { eq, sql } from 'drizzle-orm';
import type { TSupplier } from '@vendo/shared/constants';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import type { AppContext } from '../../app-context.ts';
import type { Request } from 'express';
import { transactions } from '../../db/schema/index.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/ids.ts';
import type {
  PurchaseKind,
  SupplierResult,
  VendingSupplier,
} from '../../providers/vending/port.ts';
import { getWalletBalanceKobo, postJournal, type PostingInput } from '../ledger/ledger.service.ts';
import { toPublicTransaction, type TransactionRow } from '../transactions/transactions.mapper.ts';
import type { UserRow } from '../users/users.repository.ts';
import { assertSessionUser } from '../auth/auth.middleware.ts';
import { loadUser, type PurchaseCatalogue } from './purchase-cache.ts';
import {
  openPurchase,
  settleSale,
  settleSaleBatched,
  transitionPurchase,
  UNSETTLED,
} from './purchase.repository.ts';

/** Everything the state machine needs to know about one order, whatever the product. */
export type PreparedPurchase = {
  kind: PurchaseKind;
  network: string;
  phone: string | null;
  chargeKobo: number;
  costKobo: number;
  supplier: TSupplier;
  planId?: string | null;
  ported?: boolean;
  details: Record<string, unknown>;
  /** Places the order with the supplier (called outside any DB transaction). */
  place: (supplier: VendingSupplier, reference: string) => Promise<SupplierResult>;
};

export type PurchaseOutcome = {
  status: 'success' | 'refunded' | 'pending';
  receipt: TTransaction;
  /** The wallet balance after everything this request did (refund included), in kobo. */
  balanceKobo: number;
  supplierMessage: string;
  token?: string;
};

const truncate = (text: string, max = 2000) =>
  text.length > max ? `${text.slice(0, max)}…` : text;

const lockedMessage = (serviceName: PurchaseKind) =>
  `${serviceName[0]!.toUpperCase()}${serviceName.slice(1)} purchases are paused at the moment. Please try again later.`;

/** Refuses a purchase of a service an admin has locked. */
export const assertServiceOpen = (catalogue: PurchaseCatalogue, service: PurchaseKind): void => {
  if (catalogue.locked.has(service)) {
    throw new AppError('SERVICE_LOCKED', { msg: lockedMessage(service) });
  }
};

/** The user row changed after it was read (upgrade, password change …): price again. */
export class StaleUser extends Error {
  constructor() {
    super('The user changed while the purchase was priced');
  }
}

/**
 * Runs a purchase for the session's user, first as `caller` (the cached row the route already
 * checked against the token); if the debit finds that row changed since, once more with a fresh
 * read, which may now refuse the token (a password change revokes it). Nothing has moved when
 * StaleUser is thrown.
 */
export const purchaseAsSessionUser = async <T>(
  ctx: AppContext,
  req: Request,
  caller: UserRow,
  run: (user: UserRow) => Promise<T>,
): Promise<T> => {
  try {
    return await run(caller);
  } catch (error) {
    if (!(error instanceof StaleUser)) throw error;
    return run(assertSessionUser(req, await loadUser(ctx, caller.id)));
  }
};

/**
 * The purchase state machine (ARCHITECTURE.md "Purchases"):
 * [tx: debit wallet + 'processing' receipt] → supplier call (timeout, no tx) → [tx: settle once].
 */
export const executePurchase = async (
  ctx: AppContext,
  user: UserRow,
  order: PreparedPurchase,
): Promise<PurchaseOutcome> => {
  const reference = newReference('VND');
  const { row, userCurrent } = await openPurchase(ctx.db, {
    userId: user.id,
    userRowVersion: user.rowVersion,
    reference,
    type: order.kind,
    network: order.network,
    phoneNumber: order.phone,
    chargeKobo: order.chargeKobo,
    costKobo: order.costKobo,
    supplier: order.supplier,
    planId: order.planId ?? null,
    ported: order.ported ?? false,
    details: order.details,
    graceSeconds: ctx.config.vending.processingGraceSeconds,
  });
  if (!row && !userCurrent) throw new StaleUser();
  if (!row) throw new AppError('INSUFFICIENT_BALANCE', { msg: 'Insufficient balance' });

  let result: SupplierResult;
  try {
    result = await order.place(ctx.suppliers.get(order.supplier), reference);
  } catch (error) {
    // The adapter should not throw, but if it does the order may still have gone out.
    result = {
      outcome: 'pending',
      supplierRef: null,
      message: 'No definite answer from the supplier',
      raw: String(error),
    };
  }
  let settled: TransactionRow | null;
  let balanceKobo: number | undefined;
  if (result.outcome === 'success') {
    // The common case answers with the balance the settle statement read: no further query. The
    // settles of concurrent purchases share one statement and one commit.
    const sale = await settleSaleBatched(ctx.db, row, saleAnswer(row, result));
    settled = sale?.row ?? null;
    balanceKobo = sale?.balanceKobo;
  } else {
    settled = await settlePurchase(ctx, row, result);
  }
  const current = settled ?? (await reloadTransaction(ctx, row.id));
  return {
    status:
      current.status === 'success'
        ? 'success'
        : current.status === 'refunded'
          ? 'refunded'
          : 'pending',
    receipt: toPublicTransaction(
      { ...current, userName: user.userName },
      { withProfit: user.isAdmin || user.isAgent },
    ),
    balanceKobo: balanceKobo ?? (await getWalletBalanceKobo(ctx.db, user.id)),
    supplierMessage: result.message,
    ...(result.token ? { token: result.token } : {}),
  };
};

/** What a receipt records of the supplier's answer. */
const saleAnswer = (purchase: TransactionRow, result: SupplierResult) => ({
  supplierRef: result.supplierRef ?? purchase.supplierRef,
  apiResponse: truncate(result.raw || result.message),
  ...(result.token ? { token: result.token } : {}),
});

const reloadTransaction = async (ctx: AppContext, id: string): Promise<TransactionRow> => {
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  return row!;
};

/**
 * Applies a supplier answer to an unsettled purchase, at most once: success books the sale,
 * a definite failure refunds, anything else leaves it pending for the reconciler.
 * Returns the updated row, or null when the purchase was already settled by someone else.
 */
export const settlePurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  result: SupplierResult,
): Promise<TransactionRow | null> => {
  const answer = saleAnswer(purchase, result);
  const { apiResponse, supplierRef } = answer;
  if (result.outcome === 'success') {
    return (await settleSale(ctx.db, purchase, answer))?.row ?? null;
  }
  if (result.outcome === 'failed') {
    const refunded = await refundPurchase(ctx, purchase, {
      from: UNSETTLED,
      apiResponse,
      supplierRef,
    });
    if (refunded && result.insufficientFloat) {
      await raiseAlert(
        ctx,
        'supplier_float',
        `${purchase.supplier} says our float is exhausted: top it up. Purchase ${purchase.reference} was refunded.`,
        purchase.id,
      );
    }
    return refunded;
  }
  return transitionPurchase(ctx.db, purchase.id, UNSETTLED, {
    status: 'pending',
    supplierRef,
    apiResponse,
    apiResponseId: supplierRef,
  });
};

/**
 * Refunds a purchase once (guarded transition + unique journal reference `refund:<ref>`), and
 * records a 'refund' transaction in the user's history. A purchase already booked as a sale is
 * reversed from the supplier and revenue accounts; an unsettled one from clearing.
 */
export const refundPurchase = async (
  ctx: AppContext,
  purchase: TransactionRow,
  {
    from,
    apiResponse,
    supplierRef,
  }: { from: readonly string[]; apiResponse?: string; supplierRef?: string | null },
): Promise<TransactionRow | null> =>
  ctx.db.transaction(async (tx) => {
    const moved = await transitionPurchase(tx, purchase.id, from, {
      status: 'refunded',
      settledAt: sql`now()`,
      nextCheckAt: null,
      profitKobo: 0,
      ...(apiResponse ? { apiResponse } : {}),
      ...(supplierRef ? { supplierRef, apiResponseId: supplierRef } : {}),
    });
    if (!moved) return null;
    const postings: PostingInput[] =
      purchase.status === 'success'
        ? [
            {
              systemCode: `supplier_float:${purchase.supplier as TSupplier}`,
              amountKobo: -purchase.costKobo,
            },
            { systemCode: 'sales_revenue', amountKobo: -(purchase.amountKobo - purchase.costKobo) },
          ]
        : [{ systemCode: 'purchase_clearing', amountKobo: -purchase.amountKobo }];
    const journal = await postJournal(tx, {
      reference: `refund:${purchase.reference}`,
      kind: 'purchase_refund',
      postings: [
        { userId: purchase.userId, wallet: 'main', amountKobo: purchase.amountKobo },
        ...postings.filter((p) => p.amountKobo !== 0),
      ],
    });
    const balanceAfterKobo = journal.balances.get(journal.accountIds[0]!)!;
    await tx.insert(transactions).values({
      userId: purchase.userId,
      reference: `R${purchase.reference}`,
      type: 'refund',
      network: purchase.network,
      status: 'success',
      amountKobo: purchase.amountKobo,
      phoneNumber: purchase.phoneNumber,
      balanceBeforeKobo: balanceAfterKobo - purchase.amountKobo,
      balanceAfterKobo,
      apiResponse: `Refund of ${purchase.type} purchase ${purchase.reference}`,
      settledAt: sql`now()`,
    });
    return moved;
  });
