import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { mailCampaigns, mailRecipients, users } from '../../db/schema/index.ts';

export type NewCampaign = {
  actorId: string;
  subject: string;
  message: string;
  url: string | null;
  linkMessage: string | null;
};

/** A campaign to every user (userId null) or one; its recipients queued in the same statement. */
export const insertCampaign = async (
  db: DbOrTx,
  campaign: NewCampaign,
  userId: string | null,
): Promise<{ id: number; total: number }> => {
  const [row] = await db
    .insert(mailCampaigns)
    .values({ ...campaign, total: 0 })
    .returning({ id: mailCampaigns.id });
  const id = row!.id;
  const recipients = await queryRows<{ count: string | number }>(
    db,
    sql`with queued as (
          insert into ${mailRecipients} (campaign_id, user_id)
          select ${id}, ${users.id} from ${users}
          ${userId ? sql`where ${users.id} = ${userId}::uuid` : sql``}
          returning 1)
        select count(*) as count from queued`,
  );
  const total = Number(recipients[0]?.count ?? 0);
  await db.update(mailCampaigns).set({ total }).where(eq(mailCampaigns.id, id));
  return { id, total };
};

export type ClaimedRecipient = {
  campaignId: number;
  userId: string;
  email: string;
  userName: string;
  subject: string;
  message: string;
  url: string | null;
  linkMessage: string | null;
};

/**
 * Claims up to `limit` queued recipients (or ones whose worker's lease ran out) for
 * `leaseSeconds`, skipping rows another worker holds; and fails the rows a dead worker left
 * `sending` (they may have gone: never sent twice).
 */
export const claimRecipients = async (
  db: DbOrTx,
  { limit, leaseSeconds, campaignId }: { limit: number; leaseSeconds: number; campaignId?: number },
): Promise<ClaimedRecipient[]> => {
  await db
    .update(mailRecipients)
    .set({ status: 'failed', error: 'Interrupted while sending; not sent again' })
    .where(and(eq(mailRecipients.status, 'sending'), sql`${mailRecipients.claimedUntil} < now()`));
  const rows = await queryRows<{
    campaign_id: string | number;
    user_id: string;
    email: string;
    user_name: string;
    subject: string;
    message: string;
    url: string | null;
    link_message: string | null;
  }>(
    db,
    sql`with claimed as (
          update ${mailRecipients} r
          set status = 'claimed', claimed_until = now() + make_interval(secs => ${leaseSeconds})
          where (r.campaign_id, r.user_id) in (
            select campaign_id, user_id from ${mailRecipients}
            where (status = 'queued' or (status = 'claimed' and claimed_until < now()))
              ${campaignId === undefined ? sql`` : sql`and campaign_id = ${campaignId}`}
            order by campaign_id, user_id
            limit ${limit}
            for update skip locked)
          returning r.campaign_id, r.user_id)
        select c.campaign_id, c.user_id, u.email, u.user_name, m.subject, m.message, m.url,
               m.link_message
        from claimed c
        join ${users} u on u.id = c.user_id
        join ${mailCampaigns} m on m.id = c.campaign_id`,
  );
  return rows.map((r) => ({
    campaignId: Number(r.campaign_id),
    userId: r.user_id,
    email: r.email,
    userName: r.user_name,
    subject: r.subject,
    message: r.message,
    url: r.url,
    linkMessage: r.link_message,
  }));
};

/** Moves one recipient on, only from the state this worker expects (its claim still held). */
export const markRecipient = async (
  db: DbOrTx,
  key: { campaignId: number; userId: string },
  from: 'claimed' | 'sending',
  to: 'queued' | 'sending' | 'sent' | 'failed',
  error?: string,
): Promise<boolean> => {
  const moved = await db
    .update(mailRecipients)
    .set({
      status: to,
      ...(to === 'sent' ? { sentAt: sql`now()` } : {}),
      ...(error ? { error: error.slice(0, 500) } : {}),
    })
    .where(
      and(
        eq(mailRecipients.campaignId, key.campaignId),
        eq(mailRecipients.userId, key.userId),
        eq(mailRecipients.status, from),
      ),
    )
    .returning({ userId: mailRecipients.userId });
  return moved.length > 0;
};

/** A campaign's progress, or null. */
export const campaignProgress = async (db: DbOrTx, id: number) => {
  const [campaign] = await db.select().from(mailCampaigns).where(eq(mailCampaigns.id, id));
  if (!campaign) return null;
  const counts = await db
    .select({ status: mailRecipients.status, count: sql<number>`count(*)::int` })
    .from(mailRecipients)
    .where(eq(mailRecipients.campaignId, id))
    .groupBy(mailRecipients.status);
  const of = (status: string) => counts.find((c) => c.status === status)?.count ?? 0;
  return {
    campaign,
    sent: of('sent'),
    failed: of('failed'),
    pending: of('queued') + of('claimed') + of('sending'),
  };
};

/** How many users a mail to every user goes to (every account, as a campaign queues them). */
export const countEveryRecipient = async (db: DbOrTx): Promise<number> => {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return Number(row?.count ?? 0);
};
