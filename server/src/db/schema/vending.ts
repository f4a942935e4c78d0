import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
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
