import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Session tokens signed out before they expired (POST /auth/logout), by the token's `jti`. The
 * auth middleware asks about the token's jti in the statement that loads its user, so one
 * signed-out token stops working in every process at once. A row is useless once the token
 * would have expired anyway: logout deletes expired rows as it writes its own.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed logins per account across every client address (`user:<id>`, or `name:<login name>`
 * for a name no account has, so both answer alike). Past the limit each further failure delays
 * the next attempt (`blocked_until`), the delay doubling per `strikes` up to a cap; a correct
 * login deletes the row. `last_failure_at` lets a quiet account start over.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  strikes: integer('strikes').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Mail the request path leaves to the background (password reset links): the request inserts a
 * row naming the user and the kind of mail; the mail loop, or the kick after the answer, claims
 * it, composes the mail (a reset link is issued only then) and sends it. Nothing secret waits
 * here. A reset request for an e-mail no account has writes the same row, `discarded` and
 * without a user, so both requests do the same work; for the same reason `user_id` has no
 * foreign key (its check would lock the user's row) and the work index is not partial.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_work_idx').on(t.status, t.claimedUntil),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    check(
      'mail_outbox_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'discarded')`,
    ),
  ],
);
