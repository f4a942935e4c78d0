import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/retry.ts';

/** Which account a posting moves: by id, a user's wallet, or a system account's code. */
export type AccountRef =
  | { accountId: string }
  | { userId: string; wallet: 'main' | 'earnings' }
  | { systemCode: SystemAccountCode };

export type SystemAccountCode =
  | 'gateway_clearing'
  | 'reserved_accounts_clearing'
  | 'payouts_clearing'
  | 'purchase_clearing'
  | `supplier_float:${'ALARO' | 'GLAD' | 'VTPASS'}`
  | 'sales_revenue'
  | 'fee_revenue'
  | 'coupons_outstanding'
  | 'referral_expense'
  | 'house'
  | 'opening_balances';

export type PostingInput = AccountRef & { amountKobo: number };

export type JournalInput = {
  /** Unique per money movement; a second journal with the same reference has no effect. */
  reference: string;
  kind: string;
  memo?: string;
  metadata?: Record<string, unknown>;
  postings: PostingInput[];
};

export type JournalResult = {
  journalId: string | null;
  /** True when a journal with this reference already existed: nothing was moved. */
  duplicate: boolean;
  /** Balance of each touched account after this journal, by account id. */
  balances: Map<string, number>;
  /** Resolved account id of each posting, in the input's order. */
  accountIds: string[];
};

const refKey = (ref: AccountRef): string =>
  'accountId' in ref
    ? `id:${ref.accountId}`
    : 'userId' in ref
      ? `user:${ref.userId}:${ref.wallet}`
      : `code:${ref.systemCode}`;

/** SQL that finds an account's id inside the posting statement (index lookups, no round trip). */
const accountIdSql = (ref: AccountRef): SQL =>
  'accountId' in ref
    ? sql`${ref.accountId}::uuid`
    : 'userId' in ref
      ? sql`(select id from ledger_accounts where user_id = ${ref.userId}::uuid and kind = ${ref.wallet === 'main' ? 'user_main' : 'user_earnings'})`
      : sql`(select id from ledger_accounts where code = ${ref.systemCode})`;

type PostedRow = {
  journal_id: string | null;
  missing: number;
  user_accounts: number;
  updated: number;
  balances: { id: string; b: string | number }[];
  account_ids: (string | null)[];
};

/**
 * Posts a balanced journal and moves the balances it names, inside the caller's transaction, in
 * one SQL statement: insert the journal (a duplicate reference moves nothing), move each user
 * wallet with a conditional UPDATE (never read-then-write; a wallet that cannot cover its debit
 * fails the whole journal with INSUFFICIENT_BALANCE), and insert the postings. System accounts
 * take postings only: their balance is derived, so concurrent journals do not queue on them.
 */
export const postJournal = async (tx: Tx, input: JournalInput): Promise<JournalResult> => {
  assertBalanced(input);
  // One posting per account per journal: amounts on the same account are summed.
  const merged = new Map<string, PostingInput>();
  for (const posting of input.postings) {
    const key = refKey(posting);
    const previous = merged.get(key);
    merged.set(
      key,
      previous ? { ...previous, amountKobo: previous.amountKobo + posting.amountKobo } : posting,
    );
  }
  const postings = [...merged.values()].filter((p) => p.amountKobo !== 0);
  if (postings.length < 2) {
    throw new AppError('UNBALANCED_JOURNAL', {
      msg: 'A journal must move money between at least two accounts',
    });
  }
  const keys = [...merged.entries()].filter(([, p]) => p.amountKobo !== 0).map(([key]) => key);
  const values = sql.join(
    postings.map((p, index) => sql`(${index}::int, ${accountIdSql(p)}, ${p.amountKobo}::bigint)`),
    sql`, `,
  );
  const userPostings = postings.filter((p) => !('systemCode' in p)).length;
  if (userPostings > 1) {
    // Several wallets in one journal (a transfer): lock them in one order so that two journals
    // moving money both ways between the same wallets cannot deadlock.
    await tx.execute(sql`
      select a.id from ledger_accounts a join (values ${values}) v(ord, account_id, amount) on a.id = v.account_id
      where a.kind <> 'system' order by a.id for update of a`);
  }

  const [row] = await queryRows<PostedRow>(
    tx,
    sql`
    with v(ord, account_id, amount) as (values ${values}),
    j as (
      insert into journals (reference, kind, memo, metadata)
      values (${input.reference}, ${input.kind}, ${input.memo ?? null}, ${input.metadata ? JSON.stringify(input.metadata) : null}::jsonb)
      on conflict (reference) do nothing
      returning id),
    upd as (
      update ledger_accounts a set balance_kobo = a.balance_kobo + v.amount
      from v
      where a.id = v.account_id and a.kind <> 'system' and a.balance_kobo + v.amount >= 0
        and exists (select 1 from j)
      returning a.id, a.balance_kobo),
    ins as (
      insert into postings (journal_id, account_id, amount_kobo, balance_after_kobo)
      select j.id, v.account_id, v.amount, upd.balance_kobo
      from j cross join v left join upd on upd.id = v.account_id
      where v.account_id is not null
      order by v.ord
      returning 1)
    select (select id from j) as journal_id,
      (select count(*) from v where account_id is null)::int as missing,
      (select count(*) from v join ledger_accounts a on a.id = v.account_id where a.kind <> 'system')::int as user_accounts,
      (select count(*) from upd)::int as updated,
      (select coalesce(json_agg(json_build_object('id', id, 'b', balance_kobo)), '[]'::json) from upd) as balances,
      (select json_agg(account_id order by ord) from v) as account_ids,
      (select count(*) from ins)::int as inserted`,
  );

  if (!row || row.missing > 0) {
    throw new Error(`Ledger account not found in journal ${input.reference}`);
  }
  const idByKey = new Map(keys.map((key, index) => [key, row.account_ids[index] ?? '']));
  const accountIds = input.postings.map((p) => idByKey.get(refKey(p)) ?? '');
  if (!row.journal_id) return { journalId: null, duplicate: true, balances: new Map(), accountIds };
  if (row.updated < row.user_accounts) {
    // Thrown inside the caller's transaction: the journal and postings above roll back with it.
    throw new AppError('INSUFFICIENT_BALANCE', { msg: 'Insufficient balance' });
  }
  const balances = new Map(row.balances.map((b) => [b.id, Number(b.b)]));
  return { journalId: row.journal_id, duplicate: false, balances, accountIds };
};

/** Posts a journal in a transaction of its own. */
export const postJournalNow = (db: Db, input: JournalInput): Promise<JournalResult> =>
  inTransaction(db, (tx) => postJournal(tx, input));

export const assertBalanced = (input: Pick<JournalInput, 'postings'>): void => {
  if (input.postings.length < 2) {
    throw new AppError('UNBALANCED_JOURNAL', { msg: 'A journal needs at least two postings' });
  }
  let sum = 0n;
  for (const posting of input.postings) {
    if (!Number.isSafeInteger(posting.amountKobo) || posting.amountKobo === 0) {
      throw new AppError('UNBALANCED_JOURNAL', {
        msg: `Posting amounts must be non-zero whole kobo (got ${posting.amountKobo})`,
      });
    }
    sum += BigInt(posting.amountKobo);
  }
  if (sum !== 0n) {
    throw new AppError('UNBALANCED_JOURNAL', { msg: `Journal postings sum to ${sum}, not 0` });
  }
};

/** Current balance of a user's wallet in kobo. */
export const getWalletBalanceKobo = async (
  db: DbOrTx,
  userId: string,
  wallet: 'main' | 'earnings' = 'main',
): Promise<number> => {
  const result = await queryRows<{ balance_kobo: string | number }>(
    db,
    sql`
    select balance_kobo from ledger_accounts
    where user_id = ${userId} and kind = ${wallet === 'main' ? 'user_main' : 'user_earnings'}`,
  );
  return Number(result[0]?.balance_kobo ?? 0);
};

/** Creates a user's main and earnings wallets (inside the transaction that creates the user). */
export const openUserWallets = async (tx: DbOrTx, userId: string): Promise<void> => {
  await tx.execute(sql`
    insert into ledger_accounts (kind, user_id) values ('user_main', ${userId}), ('user_earnings', ${userId})`);
};

/** A system account's balance: the sum of its postings (system accounts store none). */
export const getSystemBalanceKobo = async (
  db: DbOrTx,
  code: SystemAccountCode,
): Promise<number> => {
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`
    select coalesce(sum(p.amount_kobo), 0) as total from postings p
    join ledger_accounts a on a.id = p.account_id where a.code = ${code}`,
  );
  return Number(row?.total ?? 0);
};
