import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type').notNull().default('smart earner'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isAgent: boolean('is_agent').notNull().default(false),
    isCouponVendor: boolean('is_coupon_vendor').notNull().default(false),
    fullName: text('full_name'),
    referredById: uuid('referred_by_id').references((): AnyPgColumn => users.id),
    apiTokenHash: text('api_token_hash'),
    webhookUrl: text('webhook_url'),
    /**
     * The secret webhooks are signed with, encrypted (lib/secret-box.ts): the server must sign
     * with it, so it is kept, but it is shown only once; `webhook_secret_hint` (its last four
     * characters) is what the user sees afterwards.
     */
    webhookSecretEncrypted: text('webhook_secret_encrypted'),
    webhookSecretHint: text('webhook_secret_hint'),
    ninLast4: text('nin_last4'),
    bvnLast4: text('bvn_last4'),
    /** Keyed hashes of NIN/BVN (never the digits): only the last four digits are kept readable. */
    ninHash: text('nin_hash'),
    bvnHash: text('bvn_hash'),
    accountNumbers: jsonb('account_numbers')
      .$type<{ bankName: string; accountNumber: string; accountName?: string }[]>()
      .notNull()
      .default([]),
    reservedAccountNo3: text('reserved_account_no3'),
    /** Bumped on password change or reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** The admin notification this user last dismissed with OK (notifications.id). */
    seenNotificationId: integer('seen_notification_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    // The staff list, newest first (all users, and per tier).
    index('users_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('users_type_created_id_idx').on(
      t.userType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Staff filters and search match anywhere in the text ('%x%'): trigram indexes (pg_trgm).
    index('users_user_name_trgm_idx').using('gin', sql`lower(${t.userName}) gin_trgm_ops`),
    index('users_phone_number_trgm_idx').using('gin', sql`${t.phoneNumber} gin_trgm_ops`),
    index('users_search_trgm_idx').using(
      'gin',
      sql`lower(${t.userName} || chr(31) || ${t.email} || chr(31) || ${t.phoneNumber} || chr(31) || coalesce(${t.fullName}, '')) gin_trgm_ops`,
    ),
    check('users_user_type_check', sql`${t.userType} in ('smart earner', 'reseller', 'api user')`),
    check(
      'users_not_self_referred',
      sql`${t.referredById} is null or ${t.referredById} <> ${t.id}`,
    ),
  ],
);

/** Single-use, hashed password-reset tokens. */
export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's named API tokens for their own software: only the SHA-256 of the secret is kept (a
 * 32-byte random secret needs no slow hash), looked up by that hash on every API request, so
 * deleting the row revokes it at once in every process.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per token, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    uniqueIndex('api_tokens_user_name_key').on(t.userId, t.name),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A row of `users` as read from the database. */
export type UserRow = typeof users.$inferSelect;
