import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { PURCHASE_TYPES_SQL } from '../../db/purchase-types.ts';

export type InvariantResult = { name: string; violations: number };

/**
 * The ledger's invariants (docs/architecture.md, "Money"), each as a query counting its
 * violations. Later features add theirs here (e.g. provider references) so `ledger:verify` and
 * every money test check them all.
 */
const INVARIANTS: { name: string; query: SQL }[] = [
  {
    name: 'every journal sums to 0',
    query: sql`select count(*) from (
      select j.id from journals j left join postings p on p.journal_id = j.id
      group by j.id having coalesce(sum(p.amount_kobo), 0) <> 0) v`,
  },
  {
    name: 'every journal has at least two postings',
    query: sql`select count(*) from (
      select j.id from journals j left join postings p on p.journal_id = j.id
      group by j.id having count(p.id) < 2) v`,
  },
  {
    name: "each wallet's balance equals the sum of its postings",
    query: sql`select count(*) from ledger_accounts a
      where a.kind <> 'system'
        and a.balance_kobo <> coalesce((select sum(p.amount_kobo) from postings p where p.account_id = a.id), 0)`,
  },
  {
    name: "each wallet posting's balance_after matches the running sum",
    query: sql`select count(*) from (
      select p.balance_after_kobo, a.kind,
             sum(p.amount_kobo) over (partition by p.account_id order by p.id) as running
      from postings p join ledger_accounts a on a.id = p.account_id) v
      where (v.kind <> 'system' and v.balance_after_kobo is distinct from v.running)
         or (v.kind = 'system' and v.balance_after_kobo is not null)`,
  },
  {
    name: 'system accounts store no balance (theirs is the sum of their postings)',
    query: sql`select count(*) from ledger_accounts where kind = 'system' and balance_kobo <> 0`,
  },
  {
    name: 'the ledger as a whole sums to 0',
    query: sql`select case when
      (select coalesce(sum(balance_kobo), 0) from ledger_accounts where kind <> 'system') +
      (select coalesce(sum(p.amount_kobo), 0) from postings p join ledger_accounts a on a.id = p.account_id where a.kind = 'system')
      = 0 then 0 else 1 end`,
  },
  {
    name: 'no user balance below 0',
    query: sql`select count(*) from ledger_accounts where kind <> 'system' and balance_kobo < 0`,
  },
  {
    name: 'every user has exactly one main and one earnings wallet',
    query: sql`select count(*) from users u where
      (select count(*) from ledger_accounts a where a.user_id = u.id and a.kind = 'user_main') <> 1 or
      (select count(*) from ledger_accounts a where a.user_id = u.id and a.kind = 'user_earnings') <> 1`,
  },
  {
    name: 'each journal reference appears once',
    query: sql`select count(*) from (select reference from journals group by reference having count(*) > 1) v`,
  },
  {
    name: 'each transaction reference appears once',
    query: sql`select count(*) from (select reference from transactions group by reference having count(*) > 1) v`,
  },
  {
    name: 'every settled purchase is in exactly one terminal state and refunded at most once',
    query: sql`select count(*) from transactions t where t.type in ${PURCHASE_TYPES_SQL} and (
      (select count(*) from journals j where j.reference = 'refund:' || t.reference) > 1 or
      (t.status = 'refunded') <> exists (select 1 from journals j where j.reference = 'refund:' || t.reference))`,
  },
  {
    name: 'every purchase was debited exactly once',
    query: sql`select count(*) from transactions t where t.type in ${PURCHASE_TYPES_SQL} and
      (select count(*) from journals j where j.reference = 'purchase:' || t.reference) <> 1`,
  },
  {
    name: 'every successful purchase is booked as a sale exactly once',
    query: sql`select count(*) from transactions t where t.type in ${PURCHASE_TYPES_SQL} and
      (select count(*) from journals j where j.reference = 'settle:' || t.reference) <> (case when t.status = 'success' then 1 else 0 end)
      and not (t.status = 'refunded' and (select count(*) from journals j where j.reference = 'settle:' || t.reference) = 1)`,
  },
  {
    name: 'purchase clearing holds exactly the charges of unsettled purchases',
    query: sql`select case when
      (select coalesce(sum(p.amount_kobo), 0) from postings p join ledger_accounts a on a.id = p.account_id where a.code = 'purchase_clearing') =
      (select coalesce(sum(amount_kobo), 0) from transactions where type in ${PURCHASE_TYPES_SQL} and status in ('processing','pending'))
      then 0 else 1 end`,
  },
  {
    name: 'coupons outstanding holds exactly the unredeemed coupons',
    query: sql`select case when
      (select coalesce(sum(p.amount_kobo), 0) from postings p join ledger_accounts a on a.id = p.account_id where a.code = 'coupons_outstanding') =
      (select coalesce(sum(amount_kobo), 0) from coupons where status = 'active')
      then 0 else 1 end`,
  },
  {
    name: 'every redeemed coupon was credited exactly once',
    query: sql`select count(*) from coupons c where
      (select count(*) from journals j where j.reference = 'coupon:redeem:' || c.id) <> (case when c.status = 'redeemed' then 1 else 0 end)`,
  },
  {
    name: 'each referred user rewarded their referrer at most once, and only after upgrading',
    query: sql`select count(*) from users u where exists (select 1 from journals j where j.reference = 'referral:' || u.id)
      and (u.user_type = 'smart earner' or u.referred_by_id is null)`,
  },
  {
    name: 'every card funding was credited exactly once, and only when successful',
    query: sql`select count(*) from transactions t where t.type = 'wallet' and t.network = 'Squad' and
      (select count(*) from journals j where j.reference = 'squad:' || t.reference) <> (case when t.status = 'success' then 1 else 0 end)`,
  },
  {
    name: 'every withdrawal was debited once, then paid out or refunded exactly once',
    query: sql`select count(*) from transactions t where t.type = 'wallet' and t.network = 'Withdrawal' and (
      (select count(*) from journals j where j.reference = 'withdraw:' || t.reference) <> 1 or
      (select count(*) from journals j where j.reference = 'withdraw-settle:' || t.reference) <> (case when t.status = 'success' then 1 else 0 end) or
      (select count(*) from journals j where j.reference = 'refund:' || t.reference) <> (case when t.status = 'refunded' then 1 else 0 end))`,
  },
  {
    name: 'payouts clearing holds exactly the unsettled withdrawals',
    query: sql`select case when
      (select coalesce(sum(p.amount_kobo), 0) from postings p join ledger_accounts a on a.id = p.account_id where a.code = 'payouts_clearing') =
      (select coalesce(sum(amount_kobo), 0) from transactions where type = 'wallet' and network = 'Withdrawal' and status in ('processing', 'pending'))
      then 0 else 1 end`,
  },
  {
    name: 'each reserved-account deposit was credited once, to a reserved account',
    query: sql`select count(*) from journals j where j.kind = 'wallet_funding' and j.reference like 'billstack:%' and (
      not exists (select 1 from reserved_accounts r where r.account_number = j.metadata->>'accountNumber') or
      (select count(*) from transactions t where t.reference = 'BST-' || substr(j.reference, 11)) <> 1)`,
  },
];

/** Runs every invariant and returns each with its count of violations. */
export const checkLedgerInvariants = async (db: DbOrTx): Promise<InvariantResult[]> => {
  const results: InvariantResult[] = [];
  for (const invariant of INVARIANTS) {
    const result = await queryRows<{ count?: string | number; case?: number }>(db, invariant.query);
    const row = result[0] ?? {};
    const value = Object.values(row)[0];
    results.push({ name: invariant.name, violations: Number(value ?? 0) });
  }
  return results;
};
