import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The sandbox's own tables: the books the simulated suppliers and Squad keep on their side, and
 * the mailbox that captures mail when SMTP_URL is unset. Only code under server/src/sandbox (and
 * the mailer's sandbox capture) reads or writes them; a production start never does. They are
 * created by the migrations everywhere, so a database can move between a sandbox and production
 * without a schema difference.
 */

/**
 * The sandbox suppliers' own books (what a real supplier keeps on its side), in the app's database
 * so a purchase interrupted by a crash can still be re-queried after restart.
 */
export const sandboxSupplierOrders = pgTable(
  'sandbox_supplier_orders',
  {
    id: serial('id').primaryKey(),
    supplier: text('supplier').notNull(),
    kind: text('kind').notNull(),
    requestId: text('request_id'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** What re-query answers: successful, failed, processing, reversed or refunded. */
    status: text('status').notNull(),
    /** What the order holds of the float while successful or processing (what it charged). */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull().default(0),
    token: text('token'),
    /** The float just before and after this order took its amount (shown in every answer). */
    balanceBeforeKobo: bigint('balance_before_kobo', { mode: 'number' }),
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A request_id names one order per supplier and kind: a repeat finds the first.
  (t) => [
    uniqueIndex('sandbox_supplier_orders_request_key')
      .on(t.supplier, t.kind, t.requestId)
      .where(sql`request_id is not null`),
  ],
);

export const sandboxSupplierFloats = pgTable(
  'sandbox_supplier_floats',
  {
    supplier: text('supplier').primaryKey(),
    balanceKobo: bigint('balance_kobo', { mode: 'number' })
      .notNull()
      .default(sql`0`),
  },
  // An order the float cannot cover fails this check and rolls back with its statement.
  (t) => [check('sandbox_supplier_floats_nonnegative', sql`${t.balanceKobo} >= 0`)],
);

/**
 * The sandbox VTpass's own books (cable TV, exam PINs): one row per request_id it accepted, so a
 * reused id is refused (014) and a re-query answers across restarts and processes.
 */
export const sandboxVtpassOrders = pgTable('sandbox_vtpass_orders', {
  requestId: text('request_id').primaryKey(),
  transactionId: text('transaction_id').notNull().unique(),
  serviceId: text('service_id').notNull(),
  billersCode: text('billers_code').notNull(),
  variationCode: text('variation_code').notNull(),
  productName: text('product_name').notNull(),
  quantity: integer('quantity').notNull().default(1),
  /** What VTpass charged: the variation's price times the quantity (a renewal: its amount). */
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  phone: text('phone').notNull(),
  /** delivered, pending or failed. */
  status: text('status').notNull(),
  /** Where a re-query takes a pending order (delivered or failed); null when settled at once. */
  settlesTo: text('settles_to'),
  /** The PINs this order delivers (exam services), fixed when it is placed. */
  pins: jsonb('pins').$type<{ pin: string; serial?: string }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sandbox suppliers an admin has put into an outage (POST /admin/sandbox/suppliers/{name}/outage):
 * while its row is here, the supplier refuses every order as not processed.
 */
export const sandboxSupplierOutages = pgTable('sandbox_supplier_outages', {
  supplier: text('supplier').primaryKey(),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox Squad's own books: payments it was asked to collect (restart-safe, like a real gateway). */
export const sandboxPayments = pgTable('sandbox_payments', {
  reference: text('reference').primaryKey(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  email: text('email').notNull(),
  callbackUrl: text('callback_url'),
  status: text('status').notNull().default('Pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail captured by the sandbox mailbox when SMTP_URL is unset (shown at /sandbox/mail). */
export const sandboxMails = pgTable('sandbox_mails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
