import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/query.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/ledger.invariants.ts';
import type { Ack } from './recorder.ts';
import type { SupplierOrderRecord } from './supplier.process.ts';

const PURCHASE_TYPES = ['data', 'airtime', 'electricity'];
const UNSETTLED = ['processing', 'pending'];

type Unsettled = { purchases: number; withdrawals: number };

const unsettled = async (db: Db): Promise<Unsettled> => {
  const [row] = await queryRows<{ purchases: string; withdrawals: string }>(
    db,
    sql`select
      count(*) filter (where type in ('data', 'airtime', 'electricity')) as purchases,
      count(*) filter (where type = 'wallet' and network = 'Withdrawal') as withdrawals
      from transactions where status in ('processing', 'pending')`,
  );
  return { purchases: Number(row?.purchases ?? 0), withdrawals: Number(row?.withdrawals ?? 0) };
};

/**
 * Waits (polling) until no purchase or withdrawal is unsettled, or `timeoutMs` has passed: the
 * reconcilers re-query and settle them. Answers what is still unsettled then.
 */
export const waitUntilSettled = async ({
  db,
  timeoutMs,
  say,
}: {
  db: Db;
  timeoutMs: number;
  say: (line: string) => void;
}): Promise<Unsettled> => {
  const startedAt = Date.now();
  let lastSaid = 0;
  for (;;) {
    const now = await unsettled(db).catch(() => null);
    if (now && now.purchases + now.withdrawals === 0) return now;
    if (Date.now() - startedAt > timeoutMs) return now ?? unsettled(db);
    if (now && Date.now() - lastSaid > 10_000) {
      lastSaid = Date.now();
      say(
        `settling: ${now.purchases} purchase(s), ${now.withdrawals} withdrawal(s) unsettled (${Math.round((Date.now() - startedAt) / 1000)} s)`,
      );
    }
    await sleep(1000);
  }
};

type OurRow = {
  id: string;
  reference: string;
  type: string;
  network: string;
  status: string;
  supplier: string | null;
  user_name: string;
  refunds: number;
};

export type BooksCheck = {
  /** Our purchases by their status now. */
  ours: Record<string, number>;
  /** The suppliers' orders by status. */
  theirs: Record<string, number>;
  pending: Unsettled;
  /** Each purchase still unsettled, with what its supplier says. */
  unsettled: string[];
  disagreements: string[];
  missing: string[];
};

const tally = (values: string[]) => {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
};

/**
 * Our books against the suppliers' and against what we acknowledged:
 * - supplier `successful` ⇒ ours `success`, never refunded;
 * - supplier `failed`, or no order for our reference ⇒ ours `refunded` with exactly one
 *   `refund:<reference>` journal;
 * - ours still pending or processing ⇒ counted as pending (whatever the supplier says);
 * - an order at a supplier that names no purchase of ours is a disagreement too;
 * - every acknowledged write (receipts, transfers, withdrawals, coupons, refunds, users) exists.
 */
export const checkBooks = async ({
  db,
  orders,
  acks,
}: {
  db: Db;
  orders: SupplierOrderRecord[];
  acks: Ack[];
}): Promise<BooksCheck> => {
  const rows = await queryRows<OurRow>(
    db,
    sql`select t.id, t.reference, t.type, t.network, t.status, t.supplier, u.user_name,
      (select count(*) from journals j where j.reference = 'refund:' || t.reference)::int as refunds
      from transactions t join users u on u.id = t.user_id`,
  );
  const purchases = rows.filter((r) => PURCHASE_TYPES.includes(r.type));
  const orderOf = new Map(orders.map((o) => [`${o.supplier}/${o.kind}/${o.requestId}`, o]));
  const disagreements: string[] = [];
  const pending: Unsettled = { purchases: 0, withdrawals: 0 };
  const unsettledPurchases: string[] = [];
  const known = new Set<string>();
  for (const p of purchases) {
    const key = `${p.supplier}/${p.type}/${p.reference}`;
    known.add(key);
    const order = orderOf.get(key);
    const theirs = order?.status ?? 'no order';
    const what = `${p.reference} (${p.type}, ${p.supplier}): ours ${p.status}, ${p.refunds} refund journal(s); supplier ${theirs}`;
    if (UNSETTLED.includes(p.status)) {
      pending.purchases += 1;
      unsettledPurchases.push(what);
      continue;
    }
    const agrees =
      theirs === 'successful'
        ? p.status === 'success' && p.refunds === 0
        : theirs === 'failed' || theirs === 'no order'
          ? p.status === 'refunded' && p.refunds === 1
          : false; // 'processing' at the supplier: we settled without its word
    if (!agrees) disagreements.push(what);
  }
  for (const o of orders) {
    if (!known.has(`${o.supplier}/${o.kind}/${o.requestId}`)) {
      disagreements.push(
        `${o.supplier} ${o.kind} order ${o.requestId} (${o.status}) names no purchase of ours`,
      );
    }
  }
  pending.withdrawals = rows.filter(
    (r) => r.type === 'wallet' && r.network === 'Withdrawal' && UNSETTLED.includes(r.status),
  ).length;

  const byId = new Map(rows.map((r) => [r.id, r]));
  const coupons = new Map(
    (
      await queryRows<{ code: string; status: string; user_name: string }>(
        db,
        sql`select c.code, c.status, u.user_name from coupons c join users u on u.id = c.user_id`,
      )
    ).map((c) => [c.code, c]),
  );
  const userNames = new Set(
    (await queryRows<{ user_name: string }>(db, sql`select user_name from users`)).map(
      (u) => u.user_name,
    ),
  );
  const missing: string[] = [];
  for (const ack of acks) {
    const problem = ackProblem(ack, { byId, coupons, userNames });
    if (problem) missing.push(problem);
  }
  return {
    ours: tally(purchases.map((p) => p.status)),
    theirs: tally(orders.map((o) => o.status)),
    pending,
    unsettled: unsettledPurchases,
    disagreements,
    missing,
  };
};

/** Why an acknowledged write is not in the database as acknowledged, or null when it is. */
const ackProblem = (
  ack: Ack,
  {
    byId,
    coupons,
    userNames,
  }: {
    byId: Map<string, OurRow>;
    coupons: Map<string, { status: string; user_name: string }>;
    userNames: Set<string>;
  },
): string | null => {
  switch (ack.what) {
    case 'user':
      return userNames.has(ack.userName) ? null : `registered user ${ack.userName} not found`;
    case 'purchase':
    case 'transfer':
    case 'withdrawal': {
      const row = byId.get(ack.id);
      if (!row || row.reference !== ack.reference) {
        return `${ack.what} ${ack.reference} (id ${ack.id}) answered but not found`;
      }
      if (ack.what === 'purchase' && row.user_name !== ack.userName) {
        return `purchase ${ack.reference} belongs to ${row.user_name}, answered to ${ack.userName}`;
      }
      return null;
    }
    case 'coupon-issued':
    case 'coupon-redeemed': {
      const coupon = coupons.get(ack.code);
      if (!coupon || coupon.user_name !== ack.userName) return `coupon ${ack.code} not found`;
      return ack.what === 'coupon-redeemed' && coupon.status !== 'redeemed'
        ? `coupon ${ack.code} answered redeemed but is ${coupon.status}`
        : null;
    }
    case 'refund': {
      const row = byId.get(ack.id);
      return row?.status === 'refunded'
        ? null
        : `refund of ${ack.id} answered but it is ${row?.status ?? 'missing'}`;
    }
  }
};

/** Every ledger invariant (as `npm run ledger:verify`), with its count of violations. */
export const checkInvariants = (db: Db) => checkLedgerInvariants(db);
