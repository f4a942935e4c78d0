import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { PURCHASE_TYPES_SQL } from '../../db/purchase-types.ts';

/**
 * What GET /metrics reads from the database at each scrape: small aggregates over partial
 * indexes (the unsettled purchases, the webhook events still to send) and the last hour's
 * purchases (a range of transactions_created_id_idx).
 */

const seconds = (value: unknown): number | null => (value === null ? null : Number(value));

/** Purchases not settled yet (processing or pending), and how long the oldest has waited. */
export const unsettledPurchases = async (
  db: DbOrTx,
): Promise<{ count: number; oldestAgeSeconds: number | null }> => {
  const [row] = await queryRows<{ count: unknown; oldest: unknown }>(
    db,
    sql`select count(*) as count, extract(epoch from now() - min(created_at)) as oldest
        from transactions
        where status in ('processing', 'pending') and type in ${PURCHASE_TYPES_SQL}`,
  );
  return { count: Number(row?.count ?? 0), oldestAgeSeconds: seconds(row?.oldest ?? null) };
};

/**
 * Per supplier, the purchases begun in the last hour that are settled: how many, and how many
 * of them were delivered (success; a refund of any kind is not).
 */
export const supplierOutcomesLastHour = async (
  db: DbOrTx,
): Promise<{ supplier: string; settled: number; delivered: number }[]> => {
  const rows = await queryRows<{ supplier: string; settled: unknown; delivered: unknown }>(
    db,
    sql`select supplier, count(*) as settled,
          count(*) filter (where status = 'success') as delivered
        from transactions
        where created_at > now() - interval '1 hour' and type in ${PURCHASE_TYPES_SQL}
          and supplier is not null and status in ('success', 'refunded', 'failed')
        group by supplier`,
  );
  return rows.map((r) => ({
    supplier: r.supplier,
    settled: Number(r.settled),
    delivered: Number(r.delivered),
  }));
};

/** Webhook events still to be delivered (due or waiting for a retry), and the oldest one's age. */
export const webhookBacklog = async (
  db: DbOrTx,
): Promise<{ count: number; oldestAgeSeconds: number | null }> => {
  const [row] = await queryRows<{ count: unknown; oldest: unknown }>(
    db,
    sql`select count(*) as count, extract(epoch from now() - min(created_at)) as oldest
        from webhook_events where status = 'pending'`,
  );
  return { count: Number(row?.count ?? 0), oldestAgeSeconds: seconds(row?.oldest ?? null) };
};
