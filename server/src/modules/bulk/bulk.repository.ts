import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { inTransaction } from '../../db/retry.ts';
import { rowFromRaw } from '../../db/rows.ts';
import {
  bulkBatches,
  bulkLines,
  dataPlans,
  transactions,
  users,
  webhookEvents,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { UserRow } from '../users/users.repository.ts';

/**
 * Bulk purchases' tables (docs/product-rules.md#bulk-purchases). A line goes queued → sending
 * (claimed by one runner until its lease ends) → sent (its purchase exists) | refused (never
 * charged) | cancelled. What a sent line's customer sees comes from its purchase.
 */

export type BulkBatchRow = typeof bulkBatches.$inferSelect;
export type BulkLineRow = typeof bulkLines.$inferSelect;

export type NewBulkLine = {
  network: string;
  phone: string;
  amountKobo: number | null;
  plan: string | null;
  ported: boolean;
  chargeKobo: number;
};

/** Creates a batch and its lines, queued, in one transaction. */
export const insertBatch = (
  db: DbOrTx,
  batch: {
    userId: string;
    reference: string;
    kind: 'airtime' | 'data';
    totalChargeKobo: number;
    requestId: string | null;
  },
  lines: NewBulkLine[],
): Promise<BulkBatchRow> =>
  inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(bulkBatches)
      .values({ ...batch, total: lines.length })
      .returning();
    await tx
      .insert(bulkLines)
      .values(lines.map((line, i) => ({ ...line, batchId: row!.id, line: i + 1 })));
    return row!;
  });

/** A line a runner holds: with its batch's owner, kind and reference. */
export type ClaimedLine = BulkLineRow & {
  /** The batch's owner as they are now (their tier prices the line). */
  user: UserRow;
  kind: 'airtime' | 'data';
  batchReference: string;
  /** It was claimed before by a runner whose lease ran out: its purchase may exist already. */
  reclaimed: boolean;
};

/**
 * Claims the next line to send, of the oldest running batch first: a queued one, or one whose
 * runner's lease ran out (that runner stopped, or its process did). Claimed lines of other
 * runners are skipped, not waited for. Null when there is none.
 */
export const claimNextLine = async (
  db: DbOrTx,
  { leaseSeconds }: { leaseSeconds: number },
): Promise<ClaimedLine | null> => {
  const [raw] = await queryRows<Record<string, unknown>>(
    db,
    sql`with next as (
          select l.batch_id, l.line, l.status as was
            from ${bulkLines} l join ${bulkBatches} b on b.id = l.batch_id
           where b.status = 'running'
             and (l.status = 'queued' or (l.status = 'sending' and l.claimed_until < now()))
           order by b.created_at, l.line
           limit 1
             for update of l skip locked)
        update ${bulkLines} l
           set status = 'sending',
               claimed_until = now() + make_interval(secs => ${leaseSeconds}),
               updated_at = now()
          from next, ${bulkBatches} b
         where l.batch_id = next.batch_id and l.line = next.line and b.id = l.batch_id
        returning l.*, b.kind as batch_kind,
                  b.reference as batch_reference, next.was = 'sending' as reclaimed,
                  (select row_to_json(u) from ${users} u where u.id = b.user_id) as owner`,
  );
  if (!raw) return null;
  return {
    ...rowFromRaw(bulkLines, raw),
    user: rowFromRaw(users, raw.owner as Record<string, unknown>),
    kind: raw.batch_kind as 'airtime' | 'data',
    batchReference: String(raw.batch_reference),
    reclaimed: Boolean(raw.reclaimed),
  };
};

const lineKey = (line: { batchId: string; line: number }) =>
  and(eq(bulkLines.batchId, line.batchId), eq(bulkLines.line, line.line));

/** A line whose purchase exists (whatever its outcome): it is never sent again. */
export const markLineSent = (
  db: DbOrTx,
  line: { batchId: string; line: number },
  transactionId: string,
) =>
  db
    .update(bulkLines)
    .set({ status: 'sent', transactionId, claimedUntil: null, error: null, updatedAt: sql`now()` })
    .where(lineKey(line));

/** A line refused before any money moved (a bad line, a paused service, too little balance). */
export const markLineRefused = (
  db: DbOrTx,
  line: { batchId: string; line: number },
  error: string,
) =>
  db
    .update(bulkLines)
    .set({ status: 'refused', error, claimedUntil: null, updatedAt: sql`now()` })
    .where(and(lineKey(line), eq(bulkLines.status, 'sending')));

/**
 * Cancels the caller's running batch: its queued lines are never sent. Lines a runner holds at
 * that moment go on (their order may be out already). Null when it is not theirs or not running.
 */
export const cancelBatch = (db: DbOrTx, { userId, batchId }: { userId: string; batchId: string }) =>
  inTransaction(db, async (tx) => {
    const [batch] = await tx
      .update(bulkBatches)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(bulkBatches.id, batchId),
          eq(bulkBatches.userId, userId),
          eq(bulkBatches.status, 'running'),
        ),
      )
      .returning();
    if (!batch) return null;
    const cancelled = await tx
      .update(bulkLines)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(bulkLines.batchId, batchId), eq(bulkLines.status, 'queued')))
      .returning({ line: bulkLines.line });
    return { batch, cancelled: cancelled.length };
  });

export const findBatch = async (
  db: DbOrTx,
  { userId, batchId }: { userId: string; batchId: string },
): Promise<BulkBatchRow | null> => {
  if (!isUuid(batchId)) return null;
  const [row] = await db
    .select()
    .from(bulkBatches)
    .where(and(eq(bulkBatches.id, batchId), eq(bulkBatches.userId, userId)));
  return row ?? null;
};

/** The batch a request id made (a retried POST /buy/bulk whose stored answer expired). */
export const findBatchByRequestId = async (
  db: DbOrTx,
  { userId, requestId }: { userId: string; requestId: string },
): Promise<BulkBatchRow | null> => {
  const [row] = await db
    .select()
    .from(bulkBatches)
    .where(and(eq(bulkBatches.userId, userId), eq(bulkBatches.requestId, requestId)));
  return row ?? null;
};

/**
 * A line as the customer sees it: its own status, or its purchase's once sent
 * (docs/product-rules.md#bulk-purchases).
 */
const LINE_STATUS = sql`case
    when l.status = 'queued' then 'queued'
    when l.status = 'sending' then 'processing'
    when l.status = 'refused' then 'failed'
    when l.status = 'cancelled' then 'cancelled'
    when t.status = 'success' then 'success'
    when t.status in ('refunded', 'failed') then 'failed'
    when t.status = 'processing' then 'processing'
    else 'pending' end`;

export type BatchCounts = {
  queued: number;
  processing: number;
  success: number;
  pending: number;
  failed: number;
  cancelled: number;
  /** What its delivered and unsettled lines' purchases debited, in kobo. */
  chargedKobo: number;
};

/** How many lines of each batch stand where, with what they cost so far. */
export const countBatchLines = async (
  db: DbOrTx,
  batchIds: string[],
): Promise<Map<string, BatchCounts>> => {
  const counts = new Map<string, BatchCounts>();
  if (batchIds.length === 0) return counts;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.batch_id, ${LINE_STATUS} as status, count(*) as n,
               coalesce(sum(t.amount_kobo) filter (where t.status in ('success', 'processing', 'pending')), 0) as charged
          from ${bulkLines} l left join ${transactions} t on t.id = l.transaction_id
         where l.batch_id in (${sql.join(
           batchIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         group by 1, 2`,
  );
  for (const row of rows) {
    const id = String(row.batch_id);
    const entry = counts.get(id) ?? {
      queued: 0,
      processing: 0,
      success: 0,
      pending: 0,
      failed: 0,
      cancelled: 0,
      chargedKobo: 0,
    };
    entry[row.status as Exclude<keyof BatchCounts, 'chargedKobo'>] += Number(row.n);
    entry.chargedKobo += Number(row.charged);
    counts.set(id, entry);
  }
  return counts;
};

export type BatchLineView = BulkLineRow & {
  view: 'queued' | 'processing' | 'success' | 'pending' | 'failed' | 'cancelled';
  reference: string | null;
  /** Data: the plan as customers see it. */
  planName: string | null;
  /** What its purchase debited and still holds (0 when refunded, refused or not sent). */
  chargedKobo: number;
};

/** Every line of a batch, in order, with its purchase's reference and outcome. */
export const listBatchLines = async (db: DbOrTx, batchId: string): Promise<BatchLineView[]> => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.*, ${LINE_STATUS} as view, t.reference as tx_reference,
               case when t.status in ('success', 'processing', 'pending')
                    then t.amount_kobo else 0 end as charged_kobo,
               (select p.plan from ${dataPlans} p
                 where p.plan_id = l.plan and p.network = l.network
                 order by p.retired_at nulls first limit 1) as plan_name
          from ${bulkLines} l left join ${transactions} t on t.id = l.transaction_id
         where l.batch_id = ${batchId}::uuid
         order by l.line`,
  );
  return rows.map((raw) => ({
    ...rowFromRaw(bulkLines, raw),
    view: raw.view as BatchLineView['view'],
    reference: (raw.tx_reference as string | null) ?? null,
    planName: (raw.plan_name as string | null) ?? null,
    chargedKobo: Number(raw.charged_kobo),
  }));
};

/** The caller's latest batches, newest first. */
export const listBatches = (db: DbOrTx, userId: string, limit: number) =>
  db
    .select()
    .from(bulkBatches)
    .where(eq(bulkBatches.userId, userId))
    .orderBy(desc(bulkBatches.createdAt))
    .limit(limit);

/**
 * Marks finished every batch whose lines all have their outcome (none queued or being sent, no
 * purchase unsettled): a running one becomes done, a cancelled one gets its end time. For each,
 * `event` gives the summary an API user's webhook reports (bulk.completed), queued in the same
 * transaction so the event exists exactly when the batch finished. Answers the batches it ended.
 */
export const finishBatches = (
  db: DbOrTx,
  event: (tx: DbOrTx, batch: BulkBatchRow) => Promise<Record<string, unknown>>,
): Promise<BulkBatchRow[]> =>
  inTransaction(db, async (tx) => {
    const raw = await queryRows<Record<string, unknown>>(
      tx,
      sql`update ${bulkBatches} b
             set status = case when b.status = 'running' then 'done' else b.status end,
                 finished_at = now()
           where b.finished_at is null
             and not exists (
               select 1 from ${bulkLines} l left join ${transactions} t on t.id = l.transaction_id
                where l.batch_id = b.id
                  and (l.status in ('queued', 'sending')
                       or (l.status = 'sent' and t.status in ('processing', 'pending'))))
          returning b.*`,
    );
    const ended = raw.map((r) => rowFromRaw(bulkBatches, r));
    for (const batch of ended) {
      const [owner] = await tx
        .select({ userType: users.userType, webhookUrl: users.webhookUrl })
        .from(users)
        .where(eq(users.id, batch.userId));
      if (owner?.userType !== 'api user' || !owner.webhookUrl) continue;
      await tx.insert(webhookEvents).values({
        userId: batch.userId,
        type: 'bulk.completed',
        batchId: batch.id,
        snapshot: await event(tx, batch),
      });
    }
    return ended;
  });
