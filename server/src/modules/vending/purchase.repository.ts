import type { TSupplier } from '@vendo/shared/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queryPreparedRows, queryPreparedText } from '../../db/query.ts';
import { rowFromRaw, rowPatchFromRaw } from '../../db/rows.ts';
import { transactions } from '../../db/schema/index.ts';
import { createBatcher, type Batcher } from '../../lib/batcher.ts';
import { walletDebitCtes } from '../ledger/journal-ctes.ts';
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
  const [raw] = await queryPreparedRows<Record<string, unknown> & { user_current: boolean }>(
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

export type SaleAnswer = { supplierRef: string | null; apiResponse: string; token?: string };

/** settleSales's statement: the sales travel as one JSON parameter ($1), so the text is fixed. */
const SETTLE_SALES = `with input as (
      select * from jsonb_to_recordset($1::jsonb)
        as i(ord int, id uuid, supplier_ref text, api_response text, token text)),
    moved as (
      update transactions t set status = 'success', supplier_ref = i.supplier_ref,
        api_response = i.api_response, api_response_id = i.supplier_ref,
        profit_kobo = t.amount_kobo - t.cost_kobo, settled_at = now(), next_check_at = null,
        details = case when i.token is null then t.details
          else coalesce(t.details, '{}'::jsonb) || jsonb_build_object('token', i.token) end,
        updated_at = now()
      from input i
      -- The id list first, so the plan reads each receipt by its key whatever the input's size
      -- is guessed to be (a function's rows are guessed at 100, which invites a scan).
      where t.id = any(array(select id from input)) and t.id = i.id
        -- The guard as a CASE, not IN: the planner cannot match it to the partial index of
        -- unsettled receipts, whose dead entries grow under load, and reads by the key above.
        and case t.status when 'processing' then true when 'pending' then true else false end
      returning t.*, i.ord, 'settle:' || t.reference as journal_reference),
    journal as (
      insert into journals (reference, kind)
      select m.journal_reference, 'purchase_settled' from moved m order by m.ord
      returning id, reference),
    journal_postings as (
      insert into postings (journal_id, account_id, amount_kobo)
      select j.id, a.id, v.amount
      from moved m
      -- On a column computed once per receipt, not a concatenation per pair compared.
      join journal j on j.reference = m.journal_reference
      cross join lateral (values
        (1, 'purchase_clearing', -m.amount_kobo),
        (2, 'supplier_float:' || m.supplier, m.cost_kobo),
        (3, 'sales_revenue', m.amount_kobo - m.cost_kobo)) v(n, code, amount)
      join ledger_accounts a on a.code = v.code and a.kind = 'system'
      where v.amount <> 0
      order by m.ord, v.n
      returning 1)
    -- Only what this statement changed (and what a re-query claim may have): the caller has
    -- the rest of each receipt already.
    select m.id, m.ord, m.status, m.supplier_ref, m.api_response, m.api_response_id,
      m.profit_kobo, m.settled_at, m.next_check_at, m.attempts, m.escalated_at, m.details,
      m.updated_at,
      (select balance_kobo from ledger_accounts
        where user_id = m.user_id and kind = 'user_main') as wallet_balance_kobo
    from moved m`;

/**
 * Settles purchases as delivered, each once, in ONE statement: every receipt still processing or
 * pending moves to success, and only the receipts that moved get their sale booked (journal
 * `settle:<reference>`: the charge leaves clearing, the cost goes to the supplier's account, the
 * margin to revenue, amounts read from the receipt itself). Answers, per purchase in order, the
 * receipt (the row given, with the columns the statement changed read back) and the user's
 * wallet balance, or null when someone else settled it first. The
 * statement's text is the same for any number of purchases (they travel as one JSON parameter),
 * so it is prepared once per connection.
 */
export const settleSales = async (
  db: DbOrTx,
  sales: { purchase: TransactionRow; answer: SaleAnswer }[],
): Promise<({ row: TransactionRow; balanceKobo: number } | null)[]> => {
  const input = JSON.stringify(
    sales.map(({ purchase, answer }, ord) => ({
      ord,
      id: purchase.id,
      supplier_ref: answer.supplierRef,
      api_response: answer.apiResponse,
      token: answer.token ?? null,
    })),
  );
  const rows = await queryPreparedText<
    Record<string, unknown> & { ord: number; wallet_balance_kobo: unknown }
  >(db, SETTLE_SALES, [input]);
  const byOrd = new Map(rows.map((raw) => [Number(raw.ord), raw]));
  return sales.map((_, ord) => {
    const raw = byOrd.get(ord);
    return raw
      ? {
          row: { ...sales[ord]!.purchase, ...rowPatchFromRaw(transactions, raw) },
          balanceKobo: Number(raw.wallet_balance_kobo),
        }
      : null;
  });
};

/** settleSales for one purchase. */
export const settleSale = async (
  db: DbOrTx,
  purchase: TransactionRow,
  answer: SaleAnswer,
): Promise<{ row: TransactionRow; balanceKobo: number } | null> =>
  (await settleSales(db, [{ purchase, answer }]))[0] ?? null;

/**
 * settleSale through a group commit (lib/batcher.ts): the settles of concurrent purchases share
 * one statement and one commit. For the request path only, on the database itself, never inside
 * a transaction (the batch runs on its own connection).
 */
const saleBatchers = new WeakMap<
  Db,
  Batcher<
    { purchase: TransactionRow; answer: SaleAnswer },
    { row: TransactionRow; balanceKobo: number } | null
  >
>();

export const settleSaleBatched = (
  db: Db,
  purchase: TransactionRow,
  answer: SaleAnswer,
): Promise<{ row: TransactionRow; balanceKobo: number } | null> => {
  let batcher = saleBatchers.get(db);
  if (!batcher) {
    batcher = createBatcher((sales) => settleSales(db, sales), { maxBatch: SETTLE_BATCH_MAX });
    saleBatchers.set(db, batcher);
  }
  return batcher({ purchase, answer });
};

/** How the request path's settles were batched so far on this database (for the benchmark). */
export const settleBatchStats = (db: Db): Batcher<unknown, unknown>['stats'] | null =>
  saleBatchers.get(db)?.stats ?? null;

/** The most settles one statement carries. */
export const SETTLE_BATCH_MAX = 64;
