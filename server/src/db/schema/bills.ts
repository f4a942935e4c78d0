import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Cable TV, exam PINs and recharge-card PINs (docs/product-rules.md#cable-tv, #exam-pins,
 * #e-pins): the bills services (one row per provider, exam body or network's e-PINs: its lock and
 * its supplier) and what each sells (bouquets, PIN kinds, card values) with a cost and a price per tier in kobo, as data plans have.
 */

/** The bills services VTpass-style suppliers name (`serviceID`). */
export const BILLS_SERVICE_IDS = [
  'dstv',
  'gotv',
  'startimes',
  'showmax',
  'waec',
  'waec-registration',
  'neco',
  'nabteb',
  'jamb',
  'epin-mtn',
  'epin-glo',
  'epin-airtel',
  'epin-9mobile',
] as const;

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(','));

/** Per provider or exam body: whether it may be sold and which supplier serves it. */
export const billsServices = pgTable(
  'bills_services',
  {
    serviceId: text('service_id').primaryKey(),
    kind: text('kind').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    supplierName: text('supplier_name').notNull().default('VTPASS'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bills_services_id_check', sql`${t.serviceId} in (${inList(BILLS_SERVICE_IDS)})`),
    check('bills_services_kind_check', sql`${t.kind} in ('cable','exam','epin')`),
    check('bills_services_supplier_check', sql`${t.supplierName} in ('VTPASS')`),
  ],
);

/**
 * What a bills service sells: a bouquet (cable) or a PIN kind (exam). `code` is what buyers send
 * (planCode, product); `supplierCode` the supplier's variation_code for it.
 */
export const billsProducts = pgTable(
  'bills_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: text('service_id')
      .notNull()
      .references(() => billsServices.serviceId),
    code: text('code').notNull(),
    name: text('name').notNull(),
    supplierCode: text('supplier_code').notNull(),
    costPriceKobo: bigint('cost_price_kobo', { mode: 'number' }).notNull(),
    smartEarnerPriceKobo: bigint('smart_earner_price_kobo', { mode: 'number' }).notNull(),
    resellerPriceKobo: bigint('reseller_price_kobo', { mode: 'number' }).notNull(),
    apiPriceKobo: bigint('api_price_kobo', { mode: 'number' }).notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_products_service_code_key').on(t.serviceId, t.code),
    check(
      'bills_products_price_order',
      sql`${t.costPriceKobo} >= 0 and ${t.costPriceKobo} <= ${t.apiPriceKobo} and ${t.apiPriceKobo} <= ${t.resellerPriceKobo} and ${t.resellerPriceKobo} <= ${t.smartEarnerPriceKobo}`,
    ),
  ],
);

/**
 * A verified smartcard or JAMB profile, held for BILLS_QUOTE_MINUTES (decision 0039): what the
 * supplier said (customer, bouquet, due date, its renewal amount) and what a renewal charges the
 * caller's tier, so a renewal pays this quote's amount and never one a client sends. Only its own
 * user may buy with it, before `expires_at`, for the same service and number.
 */
export const billsQuotes = pgTable(
  'bills_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    serviceId: text('service_id')
      .notNull()
      .references(() => billsServices.serviceId),
    /** Smartcard / IUC (cable), phone (Showmax), profile id (JAMB). */
    billersCode: text('billers_code').notNull(),
    customerName: text('customer_name').notNull(),
    /** JAMB: the product verified for (jamb-utme, jamb-de). */
    product: text('product'),
    currentBouquet: text('current_bouquet'),
    /** Our bills_products.code of the current bouquet, when we sell it. */
    currentBouquetCode: text('current_bouquet_code'),
    dueDate: text('due_date'),
    /** What the supplier says a renewal costs (its Renewal_Amount). */
    supplierRenewalKobo: bigint('supplier_renewal_kobo', { mode: 'number' }),
    /** What a renewal charges this user's tier; null when it cannot be renewed. */
    renewalChargeKobo: bigint('renewal_charge_kobo', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'bills_quotes_renewal_order',
      sql`${t.renewalChargeKobo} is null or (${t.supplierRenewalKobo} is not null and ${t.renewalChargeKobo} >= ${t.supplierRenewalKobo})`,
    ),
  ],
);
