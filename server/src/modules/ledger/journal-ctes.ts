import { sql, type SQL } from 'drizzle-orm';
import { assertBalanced, type SystemAccountCode } from './ledger.service.ts';

/**
 * Journals written as common table expressions of a larger statement, for the purchase:
 * the money movement and the record it belongs to (a receipt opened, a receipt settled) in one
 * statement, so one round trip and one commit, with no explicit transaction around them. Same
 * tables and rules as postJournal: wallets move by conditional UPDATE and never below 0; the
 * journal and its postings exist only if the money moved; the deferred trigger still checks
 * that every journal sums to zero, and the append-only triggers still hold.
 *
 * Each helper returns CTEs (without the leading WITH) for the caller to put in its statement.
 */

/**
 * Debits a user's main wallet by `amountKobo` into one system account. CTEs: `debit` (the wallet
 * after the debit: id, balance_kobo; no row when it cannot cover the amount, and then nothing
 * else happens), `journal` and `journal_postings`.
 */
export const walletDebitCtes = ({
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
