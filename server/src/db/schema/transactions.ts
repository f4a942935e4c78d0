import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What a user sees in their history (docs/product-rules.md#history). Money movements behind each
 * row are journals in the ledger, linked by `reference`.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reference: text('reference').notNull().unique(),
    type: text('type').notNull(),
    network: text('network').notNull().default(''),
    status: text('status').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    costKobo: bigint('cost_kobo', { mode: 'number' }).notNull().default(0),
    profitKobo: bigint('profit_kobo', { mode: 'number' }).notNull().default(0),
    phoneNumber: text('phone_number'),
    balanceBeforeKobo: bigint('balance_before_kobo', { mode: 'number' }).notNull(),
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }).notNull(),
    paymentLink: text('payment_link'),
    apiResponse: text('api_response'),
    apiResponseId: text('api_response_id'),
    /** Purchases: which supplier got the order, its id there, and what was ordered. */
    supplier: text('supplier'),
    supplierRef: text('supplier_ref'),
    planId: uuid('plan_id'),
    ported: boolean('ported').notNull().default(false),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The client's request_id (or Idempotency-Key) the purchase was made with: one per user. */
    requestId: text('request_id'),
    /** Reconciler bookkeeping: re-query attempts, when to look next, when it went to the admin queue. */
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    // History pages, newest first (keyset/offset over the index, then the rows by id).
    index('transactions_user_created_id_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('transactions_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('transactions_type_created_id_idx').on(t.type, t.createdAt.desc(), t.id.desc()),
    index('transactions_phone_created_idx').on(t.phoneNumber, t.createdAt.desc()),
    index('transactions_status_idx').on(t.status),
    // Whether a plan has purchases (a deleted plan with receipts is retired, not erased).
    index('transactions_plan_idx')
      .on(t.planId)
      .where(sql`${t.planId} is not null`),
    // One purchase per user and request_id; request_id first, so staff can look one up by it.
    uniqueIndex('transactions_user_request_id_key')
      .on(t.requestId, t.userId)
      .where(sql`${t.requestId} is not null`),
    index('transactions_unsettled_idx')
      .on(t.nextCheckAt)
      .where(sql`status in ('processing', 'pending')`),
    check(
      'transactions_type_check',
      sql`${t.type} in ('data','airtime','wallet','transfer','refund','electricity','referrer','earning','cable','exam','epin')`,
    ),
    check(
      'transactions_status_check',
      sql`${t.status} in ('success','failed','processing','pending','refunded')`,
    ),
    check('transactions_amount_nonnegative', sql`${t.amountKobo} >= 0`),
  ],
);

/** A day's key and sums, as every history totals table keeps them (fresh builders per table). */
const dayTotalsColumns = () => ({
  day: date('day').notNull(),
  type: text('type').notNull(),
  network: text('network').notNull(),
  status: text('status').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  profitKobo: bigint('profit_kobo', { mode: 'number' }).notNull(),
  debitKobo: bigint('debit_kobo', { mode: 'number' }).notNull(),
  creditKobo: bigint('credit_kobo', { mode: 'number' }).notNull(),
  volumeMb: bigint('volume_mb', { mode: 'number' }).notNull(),
});

/**
 * History totals: one row per user, Lagos day, type, network and status, written only by the
 * fold (modules/transactions/history-fold.ts), which moves transaction_total_deltas into it.
 * The totals as they stand are these rows plus the deltas not yet folded. docs/decisions/0015.
 */
export const transactionDailyTotals = pgTable(
  'transaction_daily_totals',
  {
    userId: uuid('user_id').notNull(),
    ...dayTotalsColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.type, t.status, t.network] }),
    index('transaction_daily_totals_day_idx').on(t.day),
  ],
);

/**
 * What each statement on `transactions` changed in the history totals, written by its statement
 * triggers (migrations 0017, 0023) in the same database transaction: insert-only, no key anyone
 * waits on, so writers never queue on each other's totals. The fold deletes committed deltas and
 * adds them to transaction_daily_totals in one transaction.
 */
export const transactionTotalDeltas = pgTable(
  'transaction_total_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').notNull(),
    ...dayTotalsColumns(),
  },
  (t) => [index('transaction_total_deltas_user_day_idx').on(t.userId, t.day)],
);

/**
 * The same totals summed over all users, for days that are closed (before yesterday, Lagos):
 * built from transaction_daily_totals when first needed, rebuilt when a closed day changes
 * (a late refund), so staff totals across millions of rows read a few rows per day.
 */
export const transactionClosedDayTotals = pgTable(
  'transaction_closed_day_totals',
  {
    ...dayTotalsColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type, t.status, t.network] })],
);

/** Closed days whose all-user totals are built (a day without rows is built too). */
export const transactionClosedDays = pgTable('transaction_closed_days', {
  day: date('day').primaryKey(),
});

/**
 * Closed days changed since their all-user totals were built: insert-only (no row anyone
 * waits on); the rebuild deletes the marks it has seen.
 */
export const transactionStaleDays = pgTable(
  'transaction_stale_days',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    day: date('day').notNull(),
  },
  (t) => [index('transaction_stale_days_day_idx').on(t.day)],
);
