import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { AppError } from '../../lib/app-error.ts';

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
  | `supplier_float:${'ALARO' | 'GLAD'}`
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

type AccountRow = { id: string; kind: string; user_id: string | null; code: string | null };

const refKey = (ref: AccountRef): string =>
  'accountId' in ref
    ? `id:${ref.accountId}`
    : 'userId' in ref
      ? `user:${ref.userId}:${ref.wallet}`
      : `code:${ref.systemCode}`;

/** Resolves account references to ids in one query; throws if one does not exist. */
const resolveAccounts = async (tx: DbOrTx, refs: AccountRef[]): Promise<string[]> => {
  const ids = refs.flatMap((r) => ('accountId' in r ? [r.accountId] : []));
  const codes = refs.flatMap((r) => ('systemCode' in r ? [r.systemCode] : []));
  const userIds = refs.flatMap((r) => ('userId' in r ? [r.userId] : []));
  const result = await queryRows<AccountRow>(tx, sql`
    select id, kind, user_id, code from ledger_accounts
    where id = any(${toPgArray(ids)}::uuid[])
       or code = any(${toPgArray(codes)}::text[])
       or (user_id = any(${toPgArray(userIds)}::uuid[]) and kind in ('user_main', 'user_earnings'))`);
  const byKey = new Map<string, string>();
  for (const row of result) {
    byKey.set(`id:${row.id}`, row.id);
    if (row.code) byKey.set(`code:${row.code}`, row.id);
    if (row.user_id) {
      byKey.set(`user:${row.user_id}:${row.kind === 'user_main' ? 'main' : 'earnings'}`, row.id);
    }
  }
  return refs.map((ref) => {
    const id = byKey.get(refKey(ref));
    if (!id) throw new Error(`Ledger account not found: ${refKey(ref)}`);
    return id;
  });
};

/** PostgreSQL array literal for a list of plain strings (uuids, codes). */
const toPgArray = (values: string[]): string =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;

/**
 * Posts a balanced journal and moves the balances it names, inside the caller's transaction.
 * Each balance moves with one conditional UPDATE (never read-then-write); a user wallet that
 * cannot cover its debit makes the whole journal fail with INSUFFICIENT_BALANCE.
 */
export const postJournal = async (tx: Tx, input: JournalInput): Promise<JournalResult> => {
  assertBalanced(input);
  const accountIds = await resolveAccounts(tx, input.postings);

  const inserted = await queryRows<{ id: string }>(tx, sql`
    insert into journals (reference, kind, memo, metadata)
    values (${input.reference}, ${input.kind}, ${input.memo ?? null}, ${input.metadata ? JSON.stringify(input.metadata) : null}::jsonb)
    on conflict (reference) do nothing
    returning id`);
  const journalId = inserted[0]?.id;
  if (!journalId) return { journalId: null, duplicate: true, balances: new Map(), accountIds };

  // Lock rows in one order (account id) so concurrent journals cannot deadlock.
  const order = input.postings
    .map((posting, index) => ({ posting, accountId: accountIds[index]!, index }))
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : a.index - b.index));

  const balances = new Map<string, number>();
  const rows: { accountId: string; amountKobo: number; balanceAfterKobo: number }[] = [];
  for (const { posting, accountId } of order) {
    const updated = await queryRows<{ balance_kobo: string | number }>(tx, sql`
      update ledger_accounts set balance_kobo = balance_kobo + ${posting.amountKobo}
      where id = ${accountId} and (kind = 'system' or balance_kobo + ${posting.amountKobo} >= 0)
      returning balance_kobo`);
    const row = updated[0];
    if (!row) throw new AppError('INSUFFICIENT_BALANCE', { msg: 'Insufficient balance' });
    const balanceAfterKobo = Number(row.balance_kobo);
    balances.set(accountId, balanceAfterKobo);
    rows.push({ accountId, amountKobo: posting.amountKobo, balanceAfterKobo });
  }

  await tx.execute(sql`
    insert into postings (journal_id, account_id, amount_kobo, balance_after_kobo)
    select ${journalId}::uuid, a.account_id, a.amount_kobo, a.balance_after_kobo
    from unnest(${toPgArray(rows.map((r) => r.accountId))}::uuid[],
                ${`{${rows.map((r) => r.amountKobo).join(',')}}`}::bigint[],
                ${`{${rows.map((r) => r.balanceAfterKobo).join(',')}}`}::bigint[])
      as a(account_id, amount_kobo, balance_after_kobo)`);

  return { journalId, duplicate: false, balances, accountIds };
};

/** Posts a journal in a transaction of its own. */
export const postJournalNow = (db: Db, input: JournalInput): Promise<JournalResult> =>
  db.transaction((tx) => postJournal(tx, input));

const assertBalanced = (input: JournalInput): void => {
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
  const result = await queryRows<{ balance_kobo: string | number }>(db, sql`
    select balance_kobo from ledger_accounts
    where user_id = ${userId} and kind = ${wallet === 'main' ? 'user_main' : 'user_earnings'}`);
  return Number(result[0]?.balance_kobo ?? 0);
};

/** Creates a user's main and earnings wallets (inside the transaction that creates the user). */
export const openUserWallets = async (tx: DbOrTx, userId: string): Promise<void> => {
  await tx.execute(sql`
    insert into ledger_accounts (kind, user_id) values ('user_main', ${userId}), ('user_earnings', ${userId})`);
};
