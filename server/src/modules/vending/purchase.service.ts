import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TNetwork, TSupplier } from '@vendo/shared/constants';
import type { TTransaction } from '@vendo/shared/types/api';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { adminAlerts, networkSettings, services, transactions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type {
  PurchaseKind,
  SupplierResult,
  VendingSupplier,
} from '../../providers/vending/port.ts';
import { getWalletBalanceKobo, postJournal, type PostingInput } from '../ledger/ledger.service.ts';
import { toPublicTransaction, type TransactionRow } from '../transactions/transactions.mapper.ts';
import type { UserRow } from '../users/users.repository.ts';
import { transitionPurchase, UNSETTLED } from './purchase.repository.ts';

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

const newReference = () =>
  `VND${new Date().toISOString().slice(2, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;

const truncate = (text: string, max = 2000) =>
  text.length > max ? `${text.slice(0, max)}…` : text;

/** Refuses a purchase of a service an admin has locked. */
export const assertServiceOpen = async (
  ctx: AppContext,
  serviceName: PurchaseKind,
): Promise<void> => {
  const [service] = await ctx.db
    .select()
    .from(services)
    .where(eq(services.serviceName, serviceName));
  if (service && !service.serviceStatus) {
    throw new AppError('SERVICE_LOCKED', {
      msg: `${serviceName[0]!.toUpperCase()}${serviceName.slice(1)} purchases are paused at the moment. Please try again later.`,
    });
  }
};

/** The supplier that serves a network (admin data, default ALARO) and its cost price per GB. */
export const networkSetting = async (ctx: AppContext, network: TNetwork) => {
  const [row] = await ctx.db
    .select()
    .from(networkSettings)
    .where(eq(networkSettings.network, network));
  return {
    supplier: (row?.supplierName ?? 'ALARO') as TSupplier,
    costPerGbKobo: row?.costPriceKobo ?? 0,
  };
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
  const reference = newReference();
  const row = await ctx.db.transaction(async (tx) => {
    const journal = await postJournal(tx, {
      reference: `purchase:${reference}`,
      kind: 'purchase',
      memo: `${order.kind} ${order.network} ${order.phone ?? ''}`.trim(),
      postings: [
        { userId: user.id, wallet: 'main', amountKobo: -order.chargeKobo },
        { systemCode: 'purchase_clearing', amountKobo: order.chargeKobo },
      ],
    });
    const balanceAfterKobo = journal.balances.get(journal.accountIds[0]!)!;
    const [inserted] = await tx
      .insert(transactions)
      .values({
        userId: user.id,
        reference,
        type: order.kind,
        network: order.network,
        status: 'processing',
        amountKobo: order.chargeKobo,
        costKobo: order.costKobo,
        phoneNumber: order.phone,
        balanceBeforeKobo: balanceAfterKobo + order.chargeKobo,
        balanceAfterKobo,
        supplier: order.supplier,
        planId: order.planId ?? null,
        ported: order.ported ?? false,
        details: order.details,
        // Until then the request itself is settling it; after that the reconciler may step in.
        nextCheckAt: sql`now() + make_interval(secs => ${ctx.config.vending.processingGraceSeconds})`,
      })
      .returning();
    return inserted!;
  });

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
  const settled = await settlePurchase(ctx, row, result);
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
    balanceKobo: await getWalletBalanceKobo(ctx.db, user.id),
    supplierMessage: result.message,
    ...(result.token ? { token: result.token } : {}),
  };
};

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
  const apiResponse = truncate(result.raw || result.message);
  const supplierRef = result.supplierRef ?? purchase.supplierRef;
  if (result.outcome === 'success') {
    return ctx.db.transaction(async (tx) => {
      const moved = await transitionPurchase(tx, purchase.id, UNSETTLED, {
        status: 'success',
        supplierRef,
        apiResponse,
        apiResponseId: supplierRef,
        profitKobo: purchase.amountKobo - purchase.costKobo,
        settledAt: sql`now()`,
        nextCheckAt: null,
        details: result.token
          ? { ...(purchase.details ?? {}), token: result.token }
          : purchase.details,
      });
      if (moved) await bookSale(tx, moved);
      return moved;
    });
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

/** Moves the charge out of clearing: the cost to the supplier's account, the margin to revenue. */
const bookSale = async (tx: Tx, purchase: TransactionRow) => {
  const postings: PostingInput[] = [
    { systemCode: 'purchase_clearing', amountKobo: -purchase.amountKobo },
    {
      systemCode: `supplier_float:${purchase.supplier as TSupplier}`,
      amountKobo: purchase.costKobo,
    },
    { systemCode: 'sales_revenue', amountKobo: purchase.amountKobo - purchase.costKobo },
  ];
  await postJournal(tx, {
    reference: `settle:${purchase.reference}`,
    kind: 'purchase_settled',
    postings: postings.filter((p) => p.amountKobo !== 0),
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

/** Records something an admin must act on. */
export const raiseAlert = async (
  ctx: AppContext,
  kind: string,
  message: string,
  transactionId?: string,
) => {
  ctx.logger.warn('admin alert', { kind, message, transactionId });
  await ctx.db.insert(adminAlerts).values({ kind, message, transactionId: transactionId ?? null });
};
