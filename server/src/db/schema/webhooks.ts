import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { transactions } from './transactions.ts';
import { bulkBatches } from './vending.ts';
import { users } from './users.ts';

/**
 * The webhook outbox: one row per event an API user's endpoint is told about. Written by a
 * trigger on `transactions` (migration 0019) in the same database transaction as the state change
 * it reports, so an event exists exactly when its change committed. docs/decisions/0019.
 *
 * pending (due at `next_attempt_at`; a worker holds it until `claimed_until`) → delivered |
 * failed (no 2xx within the retry window). Finished events (and their attempts) are deleted once
 * older than WEBHOOK_RETENTION_DAYS. Pages are left half free (fillfactor 50, migration 0035) so
 * a claim's new row version fits beside the old one (a HOT update; docs/decisions/0033).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    /** The transaction it reports; null for a bulk purchase's end (`batch_id`). */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    /** The bulk purchase whose end it reports (type bulk.completed). */
    batchId: uuid('batch_id').references(() => bulkBatches.id, { onDelete: 'cascade' }),
    /**
     * The transaction row as it was at the change (to_jsonb of the row): the receipt is made from
     * it by the same mapper as GET /transaction, at send. Server-side only: it holds fields a
     * customer never sees (cost, the supplier's raw answer).
     */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    /** Attempts started so far; also the claim's token (a claim adds one). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_events_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Finished events by age, for the retention prune (WEBHOOK_RETENTION_DAYS).
    index('webhook_events_finished_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'pending'`),
    check(
      'webhook_events_type_check',
      sql`${t.type} in ('transaction.success', 'transaction.refunded', 'transaction.failed', 'deposit.credited', 'bulk.completed')`,
    ),
    check(
      'webhook_events_subject_check',
      sql`(${t.transactionId} is null) <> (${t.batchId} is null)`,
    ),
    check('webhook_events_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** One attempt to deliver an event: when, where, what came back (or the error), how long. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    attempt: integer('attempt').notNull(),
    url: text('url').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [unique('webhook_deliveries_event_attempt_key').on(t.eventId, t.attempt)],
);
