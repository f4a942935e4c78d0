import type { TSendMailRequest } from '@vendo/shared/schemas/admin';
import type { TMailCampaignResponse } from '@vendo/shared/schemas/admin.responses';
import type { AppContext } from '../../app-context.ts';
import { isDatabaseUnavailable } from '../../db/pg-error.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isMailServerUnavailable, type Mail } from '../../lib/mailer.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findUserByUserName } from '../users/users.repository.ts';
import {
  campaignProgress,
  claimRecipients,
  insertCampaign,
  markRecipient,
  type ClaimedRecipient,
} from './mail-campaigns.repository.ts';
import { inTransaction } from '../../db/retry.ts';

/**
 * Admin mail (POST /admin/sendMail; docs/product-rules.md#admin-mail). Every user's mail is a
 * recipient row; workers (every server process's background loop) claim batches with SKIP LOCKED,
 * so a restart resumes where it stopped and nobody is mailed twice: each send is marked `sending`
 * first, and a row a dead worker left `sending` is failed, not resent.
 */

export const MAIL_BATCH = 50;
const LEASE_SECONDS = 120;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const mailFor = (r: ClaimedRecipient): Mail => {
  const link = r.url ? `\n\n${r.linkMessage || r.url}: ${r.url}` : '';
  const htmlLink = r.url
    ? `<p><a href="${escapeHtml(r.url)}">${escapeHtml(r.linkMessage || r.url)}</a></p>`
    : '';
  return {
    to: r.email,
    subject: r.subject,
    text: `Hello ${r.userName},\n\n${r.message}${link}`,
    html: `<p>Hello ${escapeHtml(r.userName)},</p>${r.message
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('')}${htmlLink}`,
  };
};

/** Sends one claimed batch; answers how many it handled (0 when there was nothing to send). */
export const sendMailBatch = async (
  ctx: AppContext,
  { limit = MAIL_BATCH, campaignId }: { limit?: number; campaignId?: number } = {},
) => {
  const claimed = await claimRecipients(ctx.db, {
    limit,
    leaseSeconds: LEASE_SECONDS,
    ...(campaignId === undefined ? {} : { campaignId }),
  });
  for (const [index, recipient] of claimed.entries()) {
    if (!(await markRecipient(ctx.db, recipient, 'claimed', 'sending'))) continue;
    try {
      await ctx.mailer.send(mailFor(recipient));
      await markRecipient(ctx.db, recipient, 'sending', 'sent');
    } catch (error) {
      if (!isMailServerUnavailable(error)) {
        await markRecipient(ctx.db, recipient, 'sending', 'failed', String(error));
        continue;
      }
      // The mail server is away: nothing of this batch went out from here on. Back in the queue,
      // and the error goes to the mail loop, which pauses and tries again later.
      await markRecipient(ctx.db, recipient, 'sending', 'queued');
      for (const rest of claimed.slice(index + 1)) {
        await markRecipient(ctx.db, rest, 'claimed', 'queued');
      }
      throw error;
    }
  }
  return claimed.length;
};

/** Sends batches until none is left (started after a campaign is created; the loop resumes it). */
export const drainMail = async (ctx: AppContext): Promise<void> => {
  try {
    while ((await sendMailBatch(ctx)) > 0) {
      // next batch
    }
  } catch (error) {
    // The mail loop carries on from the queue once the server (mail or database) is back.
    if (isMailServerUnavailable(error) || isDatabaseUnavailable(error)) {
      ctx.logger.warn('mail paused: server unavailable', { error: String(error) });
    } else {
      ctx.logger.error('mail batch failed', { error: String(error) });
    }
  }
};

const progressOf = async (
  ctx: AppContext,
  id: number,
  msg: string,
): Promise<TMailCampaignResponse> => {
  const progress = await campaignProgress(ctx.db, id);
  if (!progress) throw new AppError('NOT_FOUND', { msg: 'That mail does not exist' });
  return {
    msg,
    campaignId: id,
    total: progress.campaign.total,
    sent: progress.sent,
    failed: progress.failed,
    pending: progress.pending,
  };
};

/** POST /admin/sendMail. */
export const sendMail = async (
  ctx: AppContext,
  actor: UserRow,
  input: TSendMailRequest,
): Promise<TMailCampaignResponse> => {
  const target = input.userAccount ? await findUserByUserName(ctx.db, input.userAccount) : null;
  if (input.userAccount && !target) {
    throw new AppError('NOT_FOUND', { msg: 'No user has that username' });
  }
  const campaign = await inTransaction(ctx.db, async (tx) => {
    const created = await insertCampaign(
      tx,
      {
        actorId: actor.id,
        subject: input.subject,
        message: input.message,
        url: input.url || null,
        linkMessage: input.linkMessage || null,
      },
      target?.id ?? null,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'mail.send',
      targetType: target ? 'user' : 'all_users',
      targetId: target ? target.id : String(created.id),
      after: { subject: input.subject, recipients: created.total },
    });
    return created;
  });
  if (target) {
    await sendMailBatch(ctx, { campaignId: campaign.id });
    return progressOf(ctx, campaign.id, `Mail sent to ${target.userName}`);
  }
  void drainMail(ctx);
  return progressOf(ctx, campaign.id, `Sending to ${campaign.total} users`);
};

/** GET /admin/sendMail/{id}. */
export const mailProgress = (ctx: AppContext, id: number) => progressOf(ctx, id, 'Mail progress');
