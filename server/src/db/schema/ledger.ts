import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Double-entry ledger. A user's wallet is an account; so is every system pool (gateway clearing,
 * supplier float …). Balances move only through postJournal, which writes a balanced journal in
 * the same transaction. Triggers (migration 0001) make journals and postings append-only and
 * refuse a journal whose postings do not sum to zero at commit. User wallets keep a stored
 * balance (guarded ≥ 0); system accounts, which every purchase touches, derive theirs from their
 * postings so that no purchase waits on another's row lock (docs/decisions/0005).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    code: text('code').unique(),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_user_kind_key').on(t.userId, t.kind),
    // The staff user list's totals (count and sum of main wallets, for all users or those a
    // filter picks) read this index alone, not the table with both kinds of wallet (decision 0023).
    index('ledger_accounts_user_main_balance_idx')
      .on(t.userId, t.balanceKobo)
      .where(sql`${t.kind} = 'user_main'`),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('user_main', 'user_earnings', 'system')`),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} = 'system') = (${t.userId} is null and ${t.code} is not null)`,
    ),
    check(
      'ledger_accounts_user_balance_nonnegative',
      sql`${t.kind} = 'system' or ${t.balanceKobo} >= 0`,
    ),
    // A system account's balance is the sum of its postings, never a stored (hot) row.
    check(
      'ledger_accounts_system_balance_derived',
      sql`${t.kind} <> 'system' or ${t.balanceKobo} = 0`,
    ),
  ],
);

export const journals = pgTable('journals', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Unique per money movement: a retry or replay with the same reference has one effect. */
  reference: text('reference').notNull().unique(),
  kind: text('kind').notNull(),
  memo: text('memo'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => journals.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Signed change to the account's balance. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The wallet's balance after this posting; null on system accounts (their balance is derived). */
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('postings_journal_idx').on(t.journalId),
    index('postings_account_idx').on(t.accountId),
    check('postings_amount_nonzero', sql`${t.amountKobo} <> 0`),
  ],
);
