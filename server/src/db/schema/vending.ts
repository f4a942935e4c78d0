import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Idempotency-Key records: the first request with a key runs, later ones with the same key and
 * body get its stored answer, a different body is refused (422).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** This claim's own id: a request whose key a retry took over can commit nothing more. */
    claimId: uuid('claim_id').notNull().defaultRandom(),
    /** When a transaction of the request committed: from then on it is never run again. */
    actedAt: timestamp('acted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The cleanup in the background loop deletes keys past their retention, oldest first.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * A user's saved numbers (docs/product-rules.md#contacts); removed after 30 days without use.
 * Found by user and number: every purchase marks the buyer's contact under its number used.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull(),
    contactNumber: text('contact_number').notNull(),
    contactNetwork: text('contact_network').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contacts_user_number_idx').on(t.userId, t.contactNumber)],
);

/**
 * Things an admin must look at: supplier float exhausted or low, purchases past their SLA … An
 * admin acknowledges each once. An alert about a standing condition (a supplier's float is low)
 * names it in `subject`: at most one unacknowledged alert per kind and subject.
 */
export const adminAlerts = pgTable(
  'admin_alerts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    transactionId: uuid('transaction_id'),
    subject: text('subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('admin_alerts_open_subject_key')
      .on(t.kind, t.subject)
      .where(sql`acknowledged_at is null and subject is not null`),
    index('admin_alerts_open_idx')
      .on(t.id)
      .where(sql`acknowledged_at is null`),
    // Alerts raised once ever per kind and subject (raiseAlertOnce) look for an earlier one here.
    index('admin_alerts_kind_subject_idx')
      .on(t.kind, t.subject)
      .where(sql`subject is not null`),
  ],
);

/** Balance-check USSD codes per network (admin-editable data, docs/product-rules.md#purchases). */
export const ussdCodes = pgTable('ussd_codes', {
  id: serial('id').primaryKey(),
  // Written only by the migration's seed and POST /admin/ussd (ZUssdCodeRequest's enum).
  category: text('category').$type<'data' | 'airtime'>().notNull(),
  label: text('label').notNull(),
  code: text('code').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * A supplier reconciliation run (`npm run reconcile:suppliers`, or the admin's button): every
 * settled purchase of a Lagos day re-queried with its supplier and compared with our books.
 */
export const supplierReconciliations = pgTable('supplier_reconciliations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  checked: integer('checked').notNull().default(0),
  /** Each purchase whose supplier status disagrees with ours: see SupplierMismatch. */
  mismatches: jsonb('mismatches').$type<SupplierMismatch[]>().notNull().default([]),
  /** Each supplier's float movement over the day against our cost: see SupplierFloatCheck. */
  floats: jsonb('floats').$type<SupplierFloatCheck[]>().notNull().default([]),
});

export type SupplierMismatch = {
  transactionId: string;
  reference: string;
  supplier: string;
  ours: string;
  theirs: string;
  /**
   * 'refunded_but_delivered' | 'sold_but_failed' | 'unanswered' | 'answer_mismatch' (the answer
   * is about another order) | 'refunded_by_reversal' (the supplier reversed a delivered purchase;
   * this run refunded it)
   */
  kind: string;
  message: string;
};

/**
 * One supplier's float check for a day: over the delivered purchases whose re-query answer gave
 * the supplier's balance before and after the order, what the float moved against what those
 * purchases cost us (decision 0026).
 */
export type SupplierFloatCheck = {
  supplier: string;
  /** Delivered purchases (ours and theirs agree) of the day. */
  delivered: number;
  /** Those whose answer carried balance_before and balance_after. */
  measured: number;
  /** Σ (balance_before − balance_after) over the measured purchases, in kobo. */
  movementKobo: number;
  /** Σ our cost of the measured purchases, in kobo. */
  costKobo: number;
  /** movement − cost: what the supplier took beyond (or short of) our cost. */
  differenceKobo: number;
  /** References of the measured purchases whose own movement differs from their cost (≤ 20). */
  differing: string[];
};

/**
 * Each supplier's health per product (data, airtime): a circuit breaker (docs/product-rules.md
 * #supplier-health). `closed` takes purchases; `open` is skipped while another supplier of the
 * list is healthy; `half_open` takes purchases again after the cool-down, to see whether the
 * supplier recovered. An admin may force a state (`forced`), which holds until lifted.
 */
export const supplierBreakers = pgTable(
  'supplier_breakers',
  {
    supplier: text('supplier').notNull(),
    product: text('product').notNull(),
    state: text('state').notNull().default('closed'),
    forced: text('forced'),
    /** When `state` last changed. */
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    /** The last measure: settled purchases in the window and the share delivered (0–1). */
    sample: integer('sample').notNull().default(0),
    successRatio: doublePrecision('success_ratio'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    forcedBy: uuid('forced_by').references(() => users.id),
    forcedAt: timestamp('forced_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.supplier, t.product] }),
    check('supplier_breakers_state_check', sql`${t.state} in ('closed', 'open', 'half_open')`),
    check(
      'supplier_breakers_forced_check',
      sql`${t.forced} is null or ${t.forced} in ('closed', 'open')`,
    ),
  ],
);

/**
 * A bulk purchase (POST /buy/bulk): many airtime or data lines bought in the background under one
 * reference (docs/product-rules.md#bulk-purchases). running → done (every line ended) |
 * cancelled (lines not yet sent were never charged).
 */
export const bulkBatches = pgTable(
  'bulk_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reference: text('reference').notNull().unique(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('running'),
    total: integer('total').notNull(),
    /** What the preview priced the whole batch at, in kobo (each line is charged as it runs). */
    totalChargeKobo: bigint('total_charge_kobo', { mode: 'number' }).notNull(),
    /** The client's Idempotency-Key / request_id: one batch per user and key. */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_batches_user_request_key')
      .on(t.userId, t.requestId)
      .where(sql`request_id is not null`),
    index('bulk_batches_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('bulk_batches_running_idx')
      .on(t.createdAt)
      .where(sql`status = 'running'`),
    check('bulk_batches_kind_check', sql`${t.kind} in ('airtime', 'data')`),
    check('bulk_batches_status_check', sql`${t.status} in ('running', 'done', 'cancelled')`),
  ],
);

/**
 * One line of a bulk purchase. queued → sending (a runner holds it until `claimed_until`) →
 * sent (its purchase exists: `transaction_id`) | refused (never charged: `error` says why) |
 * cancelled (the batch was cancelled before it was sent). A line's purchase carries the request
 * id `<batch reference>-<line>`, so a line sent again after a crash finds its purchase instead of
 * buying twice.
 */
export const bulkLines = pgTable(
  'bulk_lines',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => bulkBatches.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    network: text('network').notNull(),
    phone: text('phone').notNull(),
    /** Airtime: the face value, in kobo. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }),
    /** Data: the plan id customers see. */
    plan: text('plan'),
    ported: boolean('ported').notNull().default(false),
    /**
     * The charge the buyer confirmed for this line, in kobo: a line the price moved for since is
     * refused rather than charged more.
     */
    chargeKobo: bigint('charge_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('queued'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    transactionId: uuid('transaction_id'),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.line] }),
    check(
      'bulk_lines_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'refused', 'cancelled')`,
    ),
  ],
);
