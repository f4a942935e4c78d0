import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/retry.ts';
import type { Mail } from '../../lib/mailer.ts';
import {
  findResetMailRecipient,
  insertPasswordReset,
  lockUserForResetLink,
  spendResetLinks,
} from './password-resets.repository.ts';
import { drainMailOutbox, type MailComposer, type MailComposers } from '../mail/mail-outbox.ts';

/** The outbox kind of a password reset link. */
export const PASSWORD_RESET_MAIL = 'password_reset';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Issues a single-use reset link valid for RESET_TOKEN_TTL_SECONDS that replaces every link
 * issued before it (a superseded link is refused like a used one), and composes its mail. Runs
 * when the queued mail is sent, never on the request path; only the token's hash is kept.
 */
const composeResetMail: MailComposer = async (ctx, userId) => {
  const user = await findResetMailRecipient(ctx.db, userId);
  if (!user) return null;
  const token = randomBytes(32).toString('hex');
  await inTransaction(ctx.db, async (tx) => {
    // Only the newest link works: the user's row lock orders two issues made at the same time,
    // so each one spends every link issued before it and exactly one link stays usable.
    await lockUserForResetLink(tx, user.id);
    await spendResetLinks(tx, user.id);
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: sha256(token),
      ttlSeconds: ctx.config.resetTokenTtlSeconds,
    });
  });
  return resetMail(ctx, user, token);
};

const resetMail = (
  ctx: AppContext,
  user: { id: string; email: string; userName: string },
  token: string,
): Mail => {
  const link = `${ctx.config.appUrl}/passwordReset/${token}/${user.id}`;
  const minutes = Math.round(ctx.config.resetTokenTtlSeconds / 60);
  const expiry = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return {
    to: user.email,
    subject: `Reset your ${ctx.config.site.appName} password`,
    text: `Hello ${user.userName},\n\nUse this link to set a new password. It works once, expires in ${expiry} and replaces any earlier link:\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.`,
    html: `<p>Hello ${escapeHtml(user.userName)},</p><p>Use this link to set a new password. It works once, expires in ${expiry} and replaces any earlier link:</p><p><a href="${link}">Reset my password</a></p><p>If you did not ask for this, ignore this e-mail; your password stays the same.</p>`,
  };
};

/** Every kind of queued mail and how it is composed (the mail loop and the kicks use these). */
export const outboxComposers: MailComposers = { [PASSWORD_RESET_MAIL]: composeResetMail };

/** Sends the queued mail now, in the background; never rejects. */
export const kickMailOutbox = (ctx: AppContext): Promise<void> =>
  drainMailOutbox(ctx, outboxComposers);
