import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Managed data plans (docs/product-rules.md#catalogue); prices in kobo per tier. */
export const dataPlans = pgTable(
  'data_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: text('plan_id').notNull(),
    plan: text('plan').notNull(),
    planType: text('plan_type').notNull(),
    network: text('network').notNull(),
    /** Volume in MB; planVolumeRatio on the wire is volumeMb / 1000 (GB). */
    volumeMb: integer('volume_mb').notNull(),
    validity: text('validity').notNull(),
    costPriceKobo: bigint('cost_price_kobo', { mode: 'number' }).notNull(),
    smartEarnerPriceKobo: bigint('smart_earner_price_kobo', { mode: 'number' }).notNull(),
    resellerPriceKobo: bigint('reseller_price_kobo', { mode: 'number' }).notNull(),
    apiPriceKobo: bigint('api_price_kobo', { mode: 'number' }).notNull(),
    partnerPriceKobo: bigint('partner_price_kobo', { mode: 'number' }),
    isAvailable: boolean('is_available').notNull().default(true),
    /** Plan id per supplier, e.g. { "ALARO": "1GB_MTN-SME", "GLAD": "7" }. */
    supplierPlanIds: jsonb('supplier_plan_ids')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Set when an admin deletes a plan that has purchases: the row stays so that old receipts
     * keep their plan, but buyers and the plan page no longer see it.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A retired plan's id may be used again by a new plan.
    uniqueIndex('data_plans_network_plan_id_key')
      .on(t.network, t.planId)
      .where(sql`${t.retiredAt} is null`),
    check('data_plans_network_check', sql`${t.network} in ('MTN','GLO','AIRTEL','9MOBILE')`),
    check('data_plans_volume_positive', sql`${t.volumeMb} > 0`),
    check(
      'data_plans_price_order',
      sql`${t.costPriceKobo} >= 0 and ${t.costPriceKobo} <= ${t.apiPriceKobo} and ${t.apiPriceKobo} <= ${t.resellerPriceKobo} and ${t.resellerPriceKobo} <= ${t.smartEarnerPriceKobo}`,
    ),
  ],
);

/**
 * Every change to a plan's prices, cost or availability, with who made it and when: the plan
 * page shows a plan's history. Amounts in kobo; `before` is null when the plan was added.
 */
export const planPriceHistory = pgTable(
  'plan_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => dataPlans.id),
    actorId: uuid('actor_id').references(() => users.id),
    before: jsonb('before').$type<PlanPrices>(),
    after: jsonb('after').$type<PlanPrices>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_price_history_plan_idx').on(t.planId, t.createdAt)],
);

/** The price fields of a plan that its history records (kobo). */
export type PlanPrices = {
  costPriceKobo: number;
  smartEarnerPriceKobo: number;
  resellerPriceKobo: number;
  apiPriceKobo: number;
  partnerPriceKobo: number | null;
  isAvailable: boolean;
};

/** Airtime, data and electricity, each lockable by an admin. */
export const services = pgTable('services', {
  id: uuid('id').primaryKey().defaultRandom(),
  serviceName: text('service_name').notNull().unique(),
  serviceStatus: boolean('service_status').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per network: which supplier serves it, the cost price per GB and whether its data and airtime
 * may be bought (docs/product-rules.md#catalogue). A product may have an ordered list of
 * suppliers instead (`data_suppliers`, `airtime_suppliers`; null: `supplier_name` alone): a
 * purchase goes to the first, and to the next when one refuses it before taking it
 * (docs/product-rules.md#supplier-failover).
 */
export const networkSettings = pgTable(
  'network_settings',
  {
    network: text('network').primaryKey(),
    supplierName: text('supplier_name').notNull().default('ALARO'),
    dataSuppliers: text('data_suppliers').array(),
    airtimeSuppliers: text('airtime_suppliers').array(),
    costPriceKobo: bigint('cost_price_kobo', { mode: 'number' }).notNull().default(0),
    /** An admin may lock one network's data or airtime while the rest keeps selling. */
    dataOpen: boolean('data_open').notNull().default(true),
    airtimeOpen: boolean('airtime_open').notNull().default(true),
    /** When a network's lock last changed (null: never). */
    locksUpdatedAt: timestamp('locks_updated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('network_settings_network_check', sql`${t.network} in ('MTN','GLO','AIRTEL','9MOBILE')`),
    check('network_settings_supplier_check', sql`${t.supplierName} in ('ALARO','GLAD')`),
    check(
      'network_settings_suppliers_check',
      sql`(${t.dataSuppliers} is null or (cardinality(${t.dataSuppliers}) > 0 and ${t.dataSuppliers} <@ array['ALARO','GLAD']))
        and (${t.airtimeSuppliers} is null or (cardinality(${t.airtimeSuppliers}) > 0 and ${t.airtimeSuppliers} <@ array['ALARO','GLAD']))`,
    ),
  ],
);
