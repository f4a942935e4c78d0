import { PURCHASE_TYPES as SHARED_PURCHASE_TYPES } from '@vendo/shared/constants';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TNetwork, TSupplier } from '@vendo/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { rowFromRaw } from '../../db/rows.ts';
import {
  dataPlans,
  networkSettings,
  services,
  transactions,
  users,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { DataPlanRow } from '../catalogue/catalogue.repository.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import {
  claimDueTransactions,
  findTransactionById,
} from '../transactions/transactions.repository.ts';
import type { PurchaseKind } from '../../providers/vending/port.ts';
import { PURCHASE_TYPES_SQL } from '../../db/purchase-types.ts';
import { skipOpenSuppliers } from './supplier-health.ts';
import { effectiveBreakersSql } from './supplier-health.repository.ts';

export const UNSETTLED = ['processing', 'pending'] as const;
/** The purchase types (shared PURCHASE_TYPES), as plain strings to test a row's type against. */
export const PURCHASE_TYPES: readonly string[] = SHARED_PURCHASE_TYPES;

/**
 * Moves a purchase from one of the `from` states to `set.status`, once: the WHERE on the current
 * status is the guard that makes racing settlers (the request, the reconciler, staff) move it
 * exactly once. Returns the row it moved, or null if it was not in a `from` state.
 */
export const transitionPurchase = async (
  db: DbOrTx,
  id: string,
  from: readonly string[],
  set: PgUpdateSetSource<typeof transactions> & { status: string },
): Promise<TransactionRow | null> => {
  const [row] = await db
    .update(transactions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), inArray(transactions.status, [...from])))
    .returning();
  return row ?? null;
};

/**
 * Names another supplier on a purchase still processing and still naming `from`, merging
 * `details` into the receipt's; null when it moved on meanwhile.
 */
export const switchPurchaseSupplier = async (
  db: DbOrTx,
  id: string,
  { from, to, details }: { from: string | null; to: string; details: Record<string, unknown> },
): Promise<TransactionRow | null> => {
  const [row] = await db
    .update(transactions)
    .set({
      supplier: to,
      details: sql`coalesce(${transactions.details}, '{}'::jsonb) || ${JSON.stringify(details)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(transactions.id, id),
        eq(transactions.status, 'processing'),
        from === null ? isNull(transactions.supplier) : eq(transactions.supplier, from),
      ),
    )
    .returning();
  return row ?? null;
};

/**
 * Moves an unsettled purchase to success for the part the supplier delivered: its amount and
 * cost become that part's, with the supplier's answer and `details` merged into the receipt's;
 * null when it was settled already.
 */
export const markPartlyDelivered = (
  db: DbOrTx,
  id: string,
  {
    amountKobo,
    costKobo,
    answer,
    details,
  }: {
    amountKobo: number;
    costKobo: number;
    answer: { supplierRef: string | null; apiResponse: string };
    details: Record<string, unknown>;
  },
): Promise<TransactionRow | null> =>
  transitionPurchase(db, id, UNSETTLED, {
    status: 'success',
    amountKobo,
    costKobo,
    profitKobo: amountKobo - costKobo,
    supplierRef: answer.supplierRef,
    apiResponse: answer.apiResponse,
    apiResponseId: answer.supplierRef,
    settledAt: sql`now()`,
    nextCheckAt: null,
    details: sql`coalesce(${transactions.details}, '{}'::jsonb) || ${JSON.stringify(details)}::jsonb`,
  });

/**
 * Moves an unsettled purchase to refunded, settled now with no profit, keeping the supplier's
 * answer (and its reference when it gave one); null when it was settled already.
 */
export const markPurchaseRefunded = (
  db: DbOrTx,
  id: string,
  { apiResponse, supplierRef }: { apiResponse: string; supplierRef?: string | null },
): Promise<TransactionRow | null> =>
  transitionPurchase(db, id, UNSETTLED, {
    status: 'refunded',
    settledAt: sql`now()`,
    nextCheckAt: null,
    profitKobo: 0,
    apiResponse,
    ...(supplierRef ? { supplierRef, apiResponseId: supplierRef } : {}),
  });

/**
 * Moves an unsettled purchase to pending under the supplier's reference and answer; `dueNow`
 * makes it due for a re-query at once rather than after the back-off. Null when it was settled
 * already.
 */
export const markPurchasePending = (
  db: DbOrTx,
  id: string,
  {
    supplierRef,
    apiResponse,
    dueNow,
  }: { supplierRef: string | null; apiResponse: string; dueNow: boolean },
): Promise<TransactionRow | null> =>
  transitionPurchase(db, id, UNSETTLED, {
    status: 'pending',
    supplierRef,
    apiResponse,
    apiResponseId: supplierRef,
    ...(dueNow ? { nextCheckAt: sql`now()` } : {}),
  });

/** Claims purchases (data, airtime, electricity) due for a re-query; see claimDueTransactions. */
export const claimDuePurchases = (
  db: DbOrTx,
  options: { limit: number; retryAfterSeconds: number },
): Promise<TransactionRow[]> =>
  claimDueTransactions(db, {
    filter: sql`type in ${PURCHASE_TYPES_SQL}`,
    ...options,
  });

/**
 * Claims purchases still unsettled `olderThanSeconds` after they began (SKIP LOCKED: several
 * processes never take the same one), and moves their next re-query on so the regular pass
 * leaves them to this caller's final re-query.
 */
export const claimOverduePurchases = (
  db: DbOrTx,
  options: { olderThanSeconds: number; limit: number; retryAfterSeconds: number },
): Promise<TransactionRow[]> =>
  claimDueTransactions(db, {
    filter: sql`type in ${PURCHASE_TYPES_SQL}
      and created_at < now() - make_interval(secs => ${options.olderThanSeconds})`,
    limit: options.limit,
    retryAfterSeconds: options.retryAfterSeconds,
    due: sql`true`,
  });

/** The admin queue: unsettled transactions with their user's name, oldest first. */
export const listUnsettled = (db: DbOrTx, limit = 200) =>
  db
    .select({ t: transactions, userName: users.userName })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(inArray(transactions.status, [...UNSETTLED]))
    .orderBy(asc(transactions.createdAt))
    .limit(limit);

/** A purchase by our id (any user's: for staff and the reconciler), or null. */
export const findPurchase = findTransactionById;

/** A user's purchase by the request_id (Idempotency-Key) it was bought with, or null. */
export const findPurchaseByRequestId = async (
  db: DbOrTx,
  { userId, requestId }: { userId: string; requestId: string },
): Promise<TransactionRow | null> => {
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.requestId, requestId),
        inArray(transactions.type, [...PURCHASE_TYPES]),
      ),
    );
  return row ?? null;
};

/** The history line that tells the user their money came back. */
export const insertRefundLine = async (
  db: DbOrTx,
  purchase: TransactionRow,
  balanceAfterKobo: number,
  {
    note,
    undeliveredKobo,
  }: {
    note?: string;
    /** Part of a purchase (PINs not delivered): this amount, under `U<reference>`. */
    undeliveredKobo?: number;
  } = {},
): Promise<void> => {
  const amountKobo = undeliveredKobo ?? purchase.amountKobo;
  await db.insert(transactions).values({
    userId: purchase.userId,
    reference: `${undeliveredKobo === undefined ? 'R' : 'U'}${purchase.reference}`,
    type: 'refund',
    network: purchase.network,
    status: 'success',
    amountKobo,
    phoneNumber: purchase.phoneNumber,
    balanceBeforeKobo: balanceAfterKobo - amountKobo,
    balanceAfterKobo,
    apiResponse: note ?? `Refund of ${purchase.type} purchase ${purchase.reference}`,
    settledAt: sql`now()`,
  });
};

/** Whether an admin has locked a service (a service with no row is open). */
export const isServiceLocked = async (db: DbOrTx, service: PurchaseKind): Promise<boolean> => {
  const [row] = await db
    .select({ open: services.serviceStatus })
    .from(services)
    .where(eq(services.serviceName, service));
  return row ? !row.open : false;
};

/** What a sale needs to know before any money moves. */
export type SaleTerms = {
  /** An admin has locked the service (a service with no row is open). */
  locked: boolean;
  /** An admin has locked this service on this network only (data or airtime). */
  networkLocked: boolean;
  /** The supplier that serves the network (admin data, default ALARO) and its cost per GB. */
  supplier: TSupplier;
  /**
   * Who may serve this sale, in order: the product's list on the network, or the network's
   * supplier alone, without the suppliers whose breaker for the product is open (unless all of
   * them are). `supplier` is the first.
   */
  suppliers: TSupplier[];
  costPerGbKobo: number;
  /** For data: the network's plan by the plan id customers see, or by our id; else null. */
  plan: DataPlanRow | null;
};

/**
 * The service's locks (whole and on this network), the network's supplier, the suppliers'
 * breakers for the product and (for data) the plan, read in one statement: a
 * purchase reads them fresh every time, so an admin's change applies to the next purchase in
 * every process.
 */
export const findSaleTerms = async (
  db: DbOrTx,
  { service, network, plan }: { service: PurchaseKind; network: TNetwork; plan?: string },
): Promise<SaleTerms> => {
  const planMatch =
    plan === undefined
      ? sql`false`
      : isUuid(plan)
        ? sql`(${dataPlans.planId} = ${plan} or ${dataPlans.id} = ${plan}::uuid)`
        : sql`${dataPlans.planId} = ${plan}`;
  const [row] = await queryRows<{
    locked: boolean;
    settings: Record<string, unknown> | null;
    plan: Record<string, unknown> | null;
    breakers: Record<string, string> | null;
  }>(
    db,
    sql`select
      coalesce((select not ${services.serviceStatus} from ${services}
                 where ${services.serviceName} = ${service}), false) as locked,
      (select row_to_json(${networkSettings}) from ${networkSettings}
        where ${networkSettings.network} = ${network}) as settings,
      (select row_to_json(${dataPlans}) from ${dataPlans}
        where ${dataPlans.network} = ${network} and ${planMatch} and ${dataPlans.retiredAt} is null
        -- The customers' plan id first, should a plan id ever look like one of our ids.
        order by ${dataPlans.planId} = ${plan ?? ''} desc
        limit 1) as plan,
      ${service === 'data' || service === 'airtime' ? effectiveBreakersSql(service) : sql`null`} as breakers`,
  );
  const settings = row?.settings ? rowFromRaw(networkSettings, row.settings) : null;
  const networkOpen =
    service === 'data' ? settings?.dataOpen : service === 'airtime' ? settings?.airtimeOpen : true;
  const list =
    service === 'data'
      ? settings?.dataSuppliers
      : service === 'airtime'
        ? settings?.airtimeSuppliers
        : null;
  // Failing suppliers are left out (docs/product-rules.md#supplier-health).
  const suppliers = skipOpenSuppliers(
    (list && list.length > 0 ? list : [settings?.supplierName ?? 'ALARO']) as TSupplier[],
    row?.breakers,
  );
  return {
    locked: row?.locked ?? false,
    networkLocked: networkOpen === false,
    supplier: suppliers[0]!,
    suppliers,
    costPerGbKobo: settings?.costPriceKobo ?? 0,
    plan: row?.plan ? rowFromRaw(dataPlans, row.plan) : null,
  };
};

/**
 * Marks purchases unsettled past `slaSeconds` as escalated, once each (only those not escalated
 * yet); answers the ones this call marked.
 */
export const escalateOverduePurchases = (db: DbOrTx, slaSeconds: number) =>
  db
    .update(transactions)
    .set({ escalatedAt: sql`now()` })
    .where(
      and(
        sql`${transactions.status} in ('processing', 'pending')`,
        inArray(transactions.type, [...PURCHASE_TYPES]),
        isNull(transactions.escalatedAt),
        lt(transactions.createdAt, sql`now() - make_interval(secs => ${slaSeconds})`),
      ),
    )
    .returning({ id: transactions.id, reference: transactions.reference });
