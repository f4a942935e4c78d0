import { SUPPLIERS } from '@vendo/shared/constants';
import { BREAKER_PRODUCTS, type TBreakerProduct } from '@vendo/shared/schemas/admin';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { rowFromRaw } from '../../db/rows.ts';
import { supplierBreakers, transactions, users } from '../../db/schema/index.ts';

/**
 * The supplier breakers' rows (docs/product-rules.md#supplier-health). A row exists once the
 * check has measured its supplier and product, or an admin has forced it; none means closed.
 */

export type BreakerRow = typeof supplierBreakers.$inferSelect;
export type BreakerState = 'closed' | 'open' | 'half_open';

/**
 * One breaker as the check measured it: `state` and `since` are those its attempts were counted
 * against (as the statement found the row), the rest the row after the measure was recorded.
 */
export type MeasuredBreaker = BreakerRow & {
  /** Attempts in the window since the state last changed, and how many of them succeeded. */
  attempts: number;
  successes: number;
  /** That `since` exactly as stored, for the guard of a move (a JS Date drops microseconds). */
  sinceKey: string;
  /** The database's clock at the measure: cool-downs are counted on it, not on this process's. */
  now: Date;
};

const PRODUCTS_SQL = sql.raw(`(${BREAKER_PRODUCTS.map((p) => `'${p}'`).join(', ')})`);

/**
 * Measures every supplier × product and records the measure, in one statement. An attempt is a
 * purchase of the product created in the last `windowMinutes`, and not before its breaker last
 * changed state (a recovered supplier is judged on what it did since), that either
 * - names the supplier and settled: `success` succeeded, `refunded` failed; or
 * - failed over away from it (an entry of `details.failedOver`): a failure.
 * Purchases still unsettled count for nothing yet. The range over transactions is the
 * (type, created_at) index's. While a breaker is open its sample and ratio stay those that
 * opened it (it takes no purchases to measure), so a screen can say why it is skipped.
 */
export const measureBreakers = async (
  db: DbOrTx,
  { windowMinutes }: { windowMinutes: number },
): Promise<MeasuredBreaker[]> => {
  const keys = sql.join(
    SUPPLIERS.flatMap((supplier) =>
      BREAKER_PRODUCTS.map((product) => sql`(${supplier}::text, ${product}::text)`),
    ),
    sql`, `,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with keys (supplier, product) as (values ${keys}),
      recent as (
        select ${transactions.supplier} as supplier, ${transactions.type} as product,
               ${transactions.status} as status, ${transactions.details} as details,
               ${transactions.createdAt} as created_at
          from ${transactions}
         where ${transactions.type} in ${PRODUCTS_SQL}
           and ${transactions.createdAt} >= now() - make_interval(mins => ${windowMinutes})
      ),
      outcomes as (
        select supplier, product, status = 'success' as ok, created_at
          from recent
         where supplier is not null and status in ('success', 'refunded')
        union all
        select f.entry ->> 'supplier', r.product, false, r.created_at
          from recent r
          cross join lateral jsonb_array_elements(
            case when jsonb_typeof(r.details -> 'failedOver') = 'array'
                 then r.details -> 'failedOver' else '[]'::jsonb end
          ) as f(entry)
      ),
      measured as (
        select k.supplier, k.product, b.state as seen_state, b.since as seen_since,
               count(o.product)::int as attempts,
               (count(*) filter (where o.ok))::int as successes
          from keys k
          left join ${supplierBreakers} b
            on b.supplier = k.supplier and b.product = k.product
          left join outcomes o
            on o.supplier = k.supplier and o.product = k.product
           and (b.since is null or o.created_at >= b.since)
         group by k.supplier, k.product, b.state, b.since
      ),
      -- The measure is recorded unless the row moved since this statement read it (another
      -- process's move: its count was against another state); excluded.since carries the
      -- state's start the count used (the insert's own since for a new row).
      saved as (
        insert into ${supplierBreakers} as b
               (supplier, product, since, sample, success_ratio, checked_at)
        select supplier, product, coalesce(seen_since, now()), attempts,
               case when attempts > 0 then successes::float8 / attempts end, now()
          from measured
         -- One order of row locks in every process: two checks at once wait, never deadlock.
         order by supplier, product
        on conflict (supplier, product) do update set
          sample = case when b.state = 'open' or b.since <> excluded.since then b.sample
                        else excluded.sample end,
          success_ratio = case when b.state = 'open' or b.since <> excluded.since
                               then b.success_ratio else excluded.success_ratio end,
          checked_at = excluded.checked_at
        returning b.*
      )
      select s.*, m.seen_state, coalesce(m.seen_since, s.since)::text as since_key,
             m.attempts, m.successes, now() as measured_at
        from saved s
        join measured m on m.supplier = s.supplier and m.product = s.product
       order by s.supplier, s.product`,
  );
  return rows.map((raw) => {
    const row = rowFromRaw(supplierBreakers, raw);
    const sinceKey = String(raw.since_key);
    return {
      ...row,
      // The state the attempts were counted against: another process may have moved the row
      // since this statement began, and the upsert answers the row as it is now.
      state: (raw.seen_state as string | null) ?? row.state,
      since: new Date(sinceKey),
      sinceKey,
      attempts: Number(raw.attempts),
      successes: Number(raw.successes),
      now: new Date(raw.measured_at as string | Date),
    };
  });
};

/**
 * Moves a breaker from `from` to `to`, its `since` now: only if it is still in `from` since the
 * very moment the caller measured (`sinceKey`), so of two processes that measured alike only one
 * moves it (and alerts). Null when another moved it first.
 */
export const moveBreaker = async (
  db: DbOrTx,
  {
    supplier,
    product,
    from,
    sinceKey,
    to,
  }: { supplier: string; product: string; from: BreakerState; sinceKey: string; to: BreakerState },
): Promise<BreakerRow | null> => {
  const [row] = await db
    .update(supplierBreakers)
    .set({ state: to, since: sql`now()` })
    .where(
      and(
        eq(supplierBreakers.supplier, supplier),
        eq(supplierBreakers.product, product),
        eq(supplierBreakers.state, from),
        sql`${supplierBreakers.since} = ${sinceKey}::timestamptz`,
      ),
    )
    .returning();
  return row ?? null;
};

/** Every breaker row, with the username of the admin who last forced it (or lifted a force). */
export const listBreakers = (db: DbOrTx) =>
  db
    .select({ breaker: supplierBreakers, forcedBy: users.userName })
    .from(supplierBreakers)
    .leftJoin(users, eq(users.id, supplierBreakers.forcedBy))
    .orderBy(asc(supplierBreakers.supplier), asc(supplierBreakers.product));

/**
 * Sets (or with null lifts) an admin's force on a breaker, creating its row if the check has not
 * yet; answers the force it replaced (locked until the transaction ends) and the row after.
 */
export const forceBreaker = async (
  tx: DbOrTx,
  {
    supplier,
    product,
    force,
    adminId,
  }: {
    supplier: string;
    product: TBreakerProduct;
    force: 'open' | 'closed' | null;
    adminId: string;
  },
): Promise<{ before: string | null; row: BreakerRow }> => {
  const [current] = await tx
    .select({ forced: supplierBreakers.forced })
    .from(supplierBreakers)
    .where(and(eq(supplierBreakers.supplier, supplier), eq(supplierBreakers.product, product)))
    .for('update');
  const [row] = await tx
    .insert(supplierBreakers)
    .values({ supplier, product, forced: force, forcedBy: adminId, forcedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [supplierBreakers.supplier, supplierBreakers.product],
      set: { forced: force, forcedBy: adminId, forcedAt: sql`now()` },
    })
    .returning();
  return { before: current?.forced ?? null, row: row! };
};

/**
 * The effective state (an admin's force, else the measure) of each supplier's breaker for a
 * product, as a subselect of the sale-terms statement: a json object supplier → state, or null.
 */
export const effectiveBreakersSql = (product: TBreakerProduct) =>
  sql`(select json_object_agg(${supplierBreakers.supplier},
                 coalesce(${supplierBreakers.forced}, ${supplierBreakers.state}))
         from ${supplierBreakers} where ${supplierBreakers.product} = ${product})`;
