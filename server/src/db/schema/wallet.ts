import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Coupons: paid for when generated (from the house account or a coupon vendor's wallet into
 * coupons_outstanding), bound to one user, redeemed once by a guarded status change.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('active'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupons_user_idx').on(t.userId),
    check('coupons_amount_positive', sql`${t.amountKobo} > 0`),
    check('coupons_status_check', sql`${t.status} in ('active', 'redeemed')`),
  ],
);

/**
 * Bank accounts a user has validated and saved for withdrawals (docs/product-rules.md#withdrawals).
 */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    bankName: text('bank_name').notNull(),
    bankCode: text('bank_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('beneficiaries_user_idx').on(t.userId)],
);

/** The sandbox payout provider's books (Squad payouts), restart-safe. */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  reference: text('reference').primaryKey(),
  accountNumber: text('account_number').notNull(),
  bankCode: text('bank_code').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bank account numbers reserved for a user (BillStack); a deposit is credited to this owner only. */
export const reservedAccounts = pgTable(
  'reserved_accounts',
  {
    accountNumber: text('account_number').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    providerReference: text('provider_reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reserved_accounts_user_idx').on(t.userId)],
);
