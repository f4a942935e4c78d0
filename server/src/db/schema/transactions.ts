import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What a user sees in their history (spec "Transaction"). Money movements behind each row are
 * journals in the ledger, linked by `reference`.
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
    index('transactions_status_idx').on(t.status),
    // Whether a plan has purchases (a deleted plan with receipts is retired, not erased).
    index('transactions_plan_idx')
      .on(t.planId)
      .where(sql`${t.planId} is not null`),
    index('transactions_unsettled_idx')
      .on(t.nextCheckAt)
      .where(sql`status in ('processing', 'pending')`),
    check(
      'transactions_type_check',
      sql`${t.type} in ('data','airtime','wallet','transfer','refund','electricity','referrer','earning')`,
    ),
    check(
      'transactions_status_check',
      sql`${t.status} in ('success','failed','processing','pending','refunded')`,
    ),
    check('transactions_amount_nonnegative', sql`${t.amountKobo} >= 0`),
  ],
);
