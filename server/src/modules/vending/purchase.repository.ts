import type { TSupplier } from '@vendo/shared/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { rowFromRaw } from '../../db/rows.ts';
import { transactions } from '../../db/schema/index.ts';
import { guardedSystemJournalCtes, walletDebitCtes } from '../ledger/journal-ctes.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import { claimDueTransactions } from '../transactions/transactions.repository.ts';

export const UNSETTLED = ['processing', 'pending'] as const;

/**
 * Moves a purchase out of processing/pending (or another allowed state) to `status`, once: the
 * WHERE on the current status is the guard that makes racing settlers (request, reconciler,
 * admin) settle it exactly once. Returns the row it moved, or null if someone else did.
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

/** Claims purchases (data, airtime, electricity) due for a re-query; see claimDueTransactions. */
export const claimDuePurchases = (
  db: DbOrTx,
  options: { limit: number; retryAfterSeconds: number },
): Promise<TransactionRow[]> =>
  claimDueTransactions(db, { filter: sql`type in ('data', 'airtime', 'electricity')`, ...options });

export type NewPurchase = {
  userId: string;
  /** The `row_version` of the user row the charge was priced on: the debit needs it current. */
  userRowVersion: number;
  reference: string;
  type: 'data' | 'airtime' | 'electricity';
  network: string;
  phoneNumber: string | null;
  chargeKobo: number;
  costKobo: number;
  supplier: TSupplier;
  planId: string | null;
  ported: boolean;
  details: Record<string, unknown>;
  /** Until then the request itself settles it; after that the reconciler may step in. */
  graceSeconds: number;
};

/**
 * The debit a purchase starts with, in ONE statement: the wallet pays the charge into purchase
 * clearing (journal `purchase:<reference>`) and the 'processing' receipt is written, both or
 * neither, and only if the user row is still the one the charge was priced on. Returns the
 * receipt, or null when nothing happened: then `userCurrent` says whether the user row had
 * changed (price again) or the wallet could not cover the charge.
 */
export const openPurchase = async (
  db: DbOrTx,
  p: NewPurchase,
): Promise<{ row: TransactionRow | null; userCurrent: boolean }> => {
  const userCurrent = sql`exists (select 1 from users
    where id = ${p.userId}::uuid and row_version = ${p.userRowVersion}::int)`;
  const [raw] = await queryRows<Record<string, unknown> & { user_current: boolean }>(
    db,
    sql`with ${walletDebitCtes({
      reference: `purchase:${p.reference}`,
      kind: 'purchase',
      memo: `${p.type} ${p.network} ${p.phoneNumber ?? ''}`.trim(),
      userId: p.userId,
      amountKobo: p.chargeKobo,
      creditTo: 'purchase_clearing',
      onlyIf: userCurrent,
    })},
    receipt as (
      insert into transactions (user_id, reference, type, network, status, amount_kobo, cost_kobo,
        phone_number, balance_before_kobo, balance_after_kobo, supplier, plan_id, ported, details,
        next_check_at)
      select ${p.userId}::uuid, ${p.reference}, ${p.type}, ${p.network}, 'processing',
        ${p.chargeKobo}::bigint, ${p.costKobo}::bigint, ${p.phoneNumber},
        debit.balance_kobo + ${p.chargeKobo}::bigint, debit.balance_kobo, ${p.supplier},
        ${p.planId}::uuid, ${p.ported}, ${JSON.stringify(p.details)}::jsonb,
        now() + make_interval(secs => ${p.graceSeconds})
      from debit
      returning *)
    select ${userCurrent} as user_current, receipt.* from (select 1) one left join receipt on true`,
  );
  return {
    row: raw?.id ? rowFromRaw(transactions, raw) : null,
    userCurrent: raw?.user_current === true,
  };
};

/**
 * Settles a purchase as delivered, once, in ONE statement: the receipt moves from processing or
 * pending to success, and only then is the sale booked (journal `settle:<reference>`: the charge
 * leaves clearing, the cost goes to the supplier's account, the margin to revenue). Returns the
 * receipt and the user's wallet balance, or null when someone else settled it first.
 */
export const settleSale = async (
  db: DbOrTx,
  purchase: TransactionRow,
  answer: { supplierRef: string | null; apiResponse: string; token?: string },
): Promise<{ row: TransactionRow; balanceKobo: number } | null> => {
  const [raw] = await queryRows<Record<string, unknown> & { wallet_balance_kobo: unknown }>(
    db,
    sql`with moved as (
      update transactions set status = 'success', supplier_ref = ${answer.supplierRef},
        api_response = ${answer.apiResponse}, api_response_id = ${answer.supplierRef},
        profit_kobo = amount_kobo - cost_kobo, settled_at = now(), next_check_at = null,
        details = ${
          answer.token
            ? sql`coalesce(details, '{}'::jsonb) || ${JSON.stringify({ token: answer.token })}::jsonb`
            : sql`details`
        },
        updated_at = now()
      where id = ${purchase.id}::uuid and status in ('processing', 'pending')
      returning *),
    ${guardedSystemJournalCtes({
      reference: `settle:${purchase.reference}`,
      kind: 'purchase_settled',
      when: 'moved',
      postings: [
        { systemCode: 'purchase_clearing', amountKobo: -purchase.amountKobo },
        {
          systemCode: `supplier_float:${purchase.supplier as TSupplier}`,
          amountKobo: purchase.costKobo,
        },
        { systemCode: 'sales_revenue', amountKobo: purchase.amountKobo - purchase.costKobo },
      ],
    })}
    select moved.*, (select balance_kobo from ledger_accounts
      where user_id = moved.user_id and kind = 'user_main') as wallet_balance_kobo
    from moved`,
  );
  return raw
    ? { row: rowFromRaw(transactions, raw), balanceKobo: Number(raw.wallet_balance_kobo) }
    : null;
};
