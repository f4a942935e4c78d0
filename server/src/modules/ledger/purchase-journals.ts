import type { TPurchaseType, TSupplier } from '@vendo/shared/constants';
import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { retryTransient } from '../../db/retry.ts';
import { rowFromRaw } from '../../db/rows.ts';
import { transactions } from '../../db/schema/index.ts';
import type { TransactionRow } from '../transactions/transactions.mapper.ts';
import {
  assertBalanced,
  postJournal,
  type PostingInput,
  type SystemAccountCode,
} from './ledger.service.ts';

/**
 * The money of a purchase (docs/architecture.md, "Purchases"), as named ledger functions:
 *
 * - openPurchase: the wallet pays the charge into purchase clearing, with the 'processing' receipt;
 * - settleSales (settleSaleGrouped for one): a delivered purchase leaves clearing: its cost to
 *   the supplier's float account, the margin to sales revenue; the settles of one turn of the
 *   event loop share one statement (decision 0024);
 * - refundPurchase: the charge goes back to the wallet, from clearing (never delivered) or, for a
 *   sale an admin reverses, from the supplier's float and revenue.
 *
 * Each receipt's status change and its journal happen in one statement or one transaction, and
 * only the caller that moves the status from processing/pending posts the journal: however many
 * settlers race (the request, the reconciler, staff), a purchase is settled once.
 */

/**
 * Debits a user's main wallet by `amountKobo` into one system account. CTEs: `debit` (the wallet
 * after the debit: id, balance_kobo; no row when it cannot cover the amount, and then nothing
 * else happens), `journal` and `journal_postings`.
 */
const walletDebitCtes = ({
  reference,
  kind,
  memo,
  userId,
  amountKobo,
  creditTo,
}: {
  reference: string;
  kind: string;
  memo: string | null;
  userId: string;
  amountKobo: number;
  creditTo: SystemAccountCode;
}): SQL => {
  assertBalanced({
    postings: [
      { userId, wallet: 'main', amountKobo: -amountKobo },
      { systemCode: creditTo, amountKobo },
    ],
  });
  return sql`
    debit as (
      update ledger_accounts set balance_kobo = balance_kobo - ${amountKobo}::bigint
      where user_id = ${userId}::uuid and kind = 'user_main' and balance_kobo >= ${amountKobo}::bigint
      returning id, balance_kobo),
    journal as (
      insert into journals (reference, kind, memo)
      select ${reference}, ${kind}, ${memo} from debit
      returning id),
    journal_postings as (
      insert into postings (journal_id, account_id, amount_kobo, balance_after_kobo)
      select journal.id, debit.id, ${-amountKobo}::bigint, debit.balance_kobo from journal, debit
      union all
      select journal.id, (select id from ledger_accounts where code = ${creditTo}), ${amountKobo}::bigint, null
      from journal
      returning 1)`;
};

export type NewPurchase = {
  userId: string;
  reference: string;
  type: TPurchaseType;
  network: string;
  phoneNumber: string | null;
  chargeKobo: number;
  costKobo: number;
  /** A vending supplier, or the bills one (cable TV, exam PINs). */
  supplier: TSupplier | 'VTPASS';
  planId: string | null;
  ported: boolean;
  details: Record<string, unknown>;
  /** The client's request_id / Idempotency-Key (unique per user), or null. */
  requestId: string | null;
  /** Until then the request itself settles it; after that the reconciler may step in. */
  graceSeconds: number;
  /**
   * Marks the buyer's contact with this phone number used (docs/product-rules.md#contacts), in
   * the same statement as the debit: a purchase to a saved number keeps it alive.
   */
  touchesContact?: boolean;
};

/**
 * Debits the wallet into purchase clearing (journal `purchase:<reference>`) and writes the
 * 'processing' receipt, in ONE statement: both or neither (and the contact touched, when asked).
 * Returns the receipt, or null when the wallet cannot cover the charge (then nothing happened).
 */
export const openPurchase = async (db: DbOrTx, p: NewPurchase): Promise<TransactionRow | null> => {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${walletDebitCtes({
      reference: `purchase:${p.reference}`,
      kind: 'purchase',
      memo: `${p.type} ${p.network} ${p.phoneNumber ?? ''}`.trim(),
      userId: p.userId,
      amountKobo: p.chargeKobo,
      creditTo: 'purchase_clearing',
    })}${
      p.touchesContact && p.phoneNumber
        ? sql`,
    touched as (
      update contacts set last_used_at = now()
      where user_id = ${p.userId}::uuid and contact_number = ${p.phoneNumber}
        and exists (select 1 from debit)
      returning 1)`
        : sql``
    }
    insert into transactions (user_id, reference, type, network, status, amount_kobo, cost_kobo,
      phone_number, balance_before_kobo, balance_after_kobo, supplier, plan_id, ported, details,
      request_id, next_check_at)
    select ${p.userId}::uuid, ${p.reference}, ${p.type}, ${p.network}, 'processing',
      ${p.chargeKobo}::bigint, ${p.costKobo}::bigint, ${p.phoneNumber},
      debit.balance_kobo + ${p.chargeKobo}::bigint, debit.balance_kobo, ${p.supplier},
      ${p.planId}::uuid, ${p.ported}, ${JSON.stringify(p.details)}::jsonb, ${p.requestId},
      now() + make_interval(secs => ${p.graceSeconds})
    from debit
    returning *`,
  );
  return raw ? rowFromRaw(transactions, raw) : null;
};

/** What a receipt records of the supplier's answer. */
export type SaleAnswer = {
  supplierRef: string | null;
  apiResponse: string;
  token?: string;
  /** More for the receipt's details (exam PINs, sealed): merged in as the sale is booked. */
  details?: Record<string, unknown>;
};

export type SettledSale = { row: TransactionRow; balanceKobo: number };

/**
 * Settles purchases as delivered, each once, in ONE statement: a receipt moves from processing or
 * pending to success, and only a receipt that moved has its sale booked (journal
 * `settle:<reference>`, amounts read from the receipt itself). Answers, per item in order, the
 * settled receipt and the user's wallet balance, or null when someone else settled it first.
 */
export const settleSales = async (
  db: DbOrTx,
  items: readonly { purchaseId: string; answer: SaleAnswer }[],
): Promise<(SettledSale | null)[]> => {
  const input = items.map(({ purchaseId, answer }, n) => ({
    n,
    id: purchaseId,
    supplier_ref: answer.supplierRef,
    api_response: answer.apiResponse,
    extra:
      answer.token || answer.details
        ? { ...answer.details, ...(answer.token ? { token: answer.token } : {}) }
        : null,
  }));
  const raws = await queryRows<
    Record<string, unknown> & { n: number; wallet_balance_kobo: unknown }
  >(
    db,
    sql`with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as i(n int, id uuid, supplier_ref text, api_response text, extra jsonb)),
    moved as (
      update transactions t set status = 'success', supplier_ref = i.supplier_ref,
        api_response = i.api_response, api_response_id = i.supplier_ref,
        profit_kobo = t.amount_kobo - t.cost_kobo, settled_at = now(), next_check_at = null,
        details = case when i.extra is null then t.details
          else coalesce(t.details, '{}'::jsonb) || i.extra end,
        updated_at = now()
      from input i
      where t.id = i.id and t.status in ('processing', 'pending')
      returning t.*, i.n),
    journal as (
      insert into journals (reference, kind)
      select 'settle:' || m.reference, 'purchase_settled' from moved m
      returning id, reference),
    journal_postings as (
      insert into postings (journal_id, account_id, amount_kobo)
      select j.id, a.id, v.amount
      from moved m join journal j on j.reference = 'settle:' || m.reference
      cross join lateral (values
        (1, 'purchase_clearing', -m.amount_kobo),
        (2, 'supplier_float:' || m.supplier, m.cost_kobo),
        (3, 'sales_revenue', m.amount_kobo - m.cost_kobo)) v(n, code, amount)
      join ledger_accounts a on a.code = v.code and a.kind = 'system'
      where v.amount <> 0
      order by m.reference, v.n
      returning 1)
    select m.*,
      (select balance_kobo from ledger_accounts
        where user_id = m.user_id and kind = 'user_main') as wallet_balance_kobo
    from moved m`,
  );
  const answers: (SettledSale | null)[] = items.map(() => null);
  for (const raw of raws) {
    const { n, wallet_balance_kobo, ...receipt } = raw;
    answers[Number(n)] = {
      row: rowFromRaw(transactions, receipt),
      balanceKobo: Number(wallet_balance_kobo),
    };
  }
  return answers;
};

/**
 * Posts a purchase's refund journal (`refund:<reference>`) inside the caller's transaction, which
 * must have just moved the receipt to 'refunded' from `fromStatus`: an unsettled purchase is paid
 * back from clearing; a delivered one (an admin's reversal) from the supplier's float and revenue.
 * Answers the wallet balance after the refund.
 */
export const refundPurchase = async (
  tx: Tx,
  purchase: Pick<
    TransactionRow,
    'reference' | 'userId' | 'amountKobo' | 'costKobo' | 'supplier' | 'type'
  >,
  fromStatus: 'processing' | 'pending' | 'success',
): Promise<number> => {
  const source: PostingInput[] =
    fromStatus === 'success'
      ? [
          {
            systemCode: `supplier_float:${purchase.supplier as TSupplier | 'VTPASS'}`,
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
      ...source.filter((p) => p.amountKobo !== 0),
    ],
  });
  return journal.balances.get(journal.accountIds[0]!)!;
};

/**
 * The journals of a purchase whose supplier delivered only part of it (some of the PINs ordered),
 * inside the caller's transaction, which must have just moved the receipt from unsettled to
 * success at the delivered part's charge and cost (`delivered`). Two journals leave clearing with
 * the whole charge: the sale of what was delivered (`settle:<reference>`, as settleSales books
 * one) and the rest back to the wallet (`undelivered:<reference>`). Answers the wallet balance.
 */
export const settlePartialSale = async (
  tx: Tx,
  purchase: Pick<TransactionRow, 'reference' | 'userId' | 'supplier'> & { amountKobo: number },
  delivered: { amountKobo: number; costKobo: number },
): Promise<number> => {
  const refundKobo = purchase.amountKobo - delivered.amountKobo;
  if (refundKobo <= 0 || delivered.amountKobo <= 0) {
    throw new RangeError(`Not a partial delivery of ${purchase.reference}`);
  }
  await postJournal(tx, {
    reference: `settle:${purchase.reference}`,
    kind: 'purchase_settled',
    postings: [
      { systemCode: 'purchase_clearing', amountKobo: -delivered.amountKobo },
      {
        systemCode: `supplier_float:${purchase.supplier as TSupplier | 'VTPASS'}`,
        amountKobo: delivered.costKobo,
      },
      { systemCode: 'sales_revenue', amountKobo: delivered.amountKobo - delivered.costKobo },
    ].filter((p) => p.amountKobo !== 0) as PostingInput[],
  });
  const refund = await postJournal(tx, {
    reference: `undelivered:${purchase.reference}`,
    kind: 'purchase_refund',
    postings: [
      { userId: purchase.userId, wallet: 'main', amountKobo: refundKobo },
      { systemCode: 'purchase_clearing', amountKobo: -refundKobo },
    ],
  });
  return refund.balances.get(refund.accountIds[0]!)!;
};

type SettleItem = { purchaseId: string; answer: SaleAnswer };
const settlers = new WeakMap<object, DataLoader<SettleItem, SettledSale | null>>();

/**
 * Settles one delivered purchase by group commit: the settles that arrive in one turn of the
 * event loop go to the database as one `settleSales` statement (one round trip, one commit).
 * Should that statement fail, each of its items is tried alone, so one bad item fails only its
 * own caller.
 */
export const settleSaleGrouped = (
  db: DbOrTx,
  purchaseId: string,
  answer: SaleAnswer,
): Promise<SettledSale | null> => {
  let settler = settlers.get(db);
  if (!settler) {
    settler = new DataLoader<SettleItem, SettledSale | null>(
      async (items) => {
        try {
          return await retryTransient(() => settleSales(db, items));
        } catch (error) {
          if (items.length === 1) throw error;
          return Promise.all(
            items.map((item) =>
              retryTransient(() => settleSales(db, [item])).then(
                ([one]) => one ?? null,
                (alone: unknown) => (alone instanceof Error ? alone : new Error(String(alone))),
              ),
            ),
          );
        }
      },
      { cache: false, maxBatchSize: 100, batchScheduleFn: (run) => setImmediate(run) },
    );
    settlers.set(db, settler);
  }
  return settler.load({ purchaseId, answer });
};
