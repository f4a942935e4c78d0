import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  check,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A mail an admin sends to every user (or one): its text, and per recipient whether it went.
 * A background job sends the recipients in batches (modules/mail/mail-campaigns.service.ts).
 */
export const mailCampaigns = pgTable('mail_campaigns', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: uuid('actor_id').references(() => users.id),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  url: text('url'),
  linkMessage: text('link_message'),
  total: integer('total').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One recipient of a campaign. queued → claimed (by a worker, until `claimed_until`) → sending
 * (the SMTP call is under way) → sent | failed. A worker that dies leaves `claimed` rows, which
 * another worker claims after the lease; a row it left in `sending` may or may not have gone, so
 * it is marked failed rather than sent twice.
 */
export const mailRecipients = pgTable(
  'mail_recipients',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => mailCampaigns.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('queued'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    index('mail_recipients_work_idx')
      .on(t.status, t.claimedUntil)
      .where(sql`${t.status} in ('queued', 'claimed', 'sending')`),
    check(
      'mail_recipients_status_check',
      sql`${t.status} in ('queued', 'claimed', 'sending', 'sent', 'failed')`,
    ),
  ],
);
