import type { TNotificationResponse } from '@vendo/shared/schemas/catalogue-admin';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  currentNotification,
  insertNotification,
  markNotificationSeen,
} from './notifications.repository.ts';
import { inTransaction } from '../../db/retry.ts';

/**
 * The admins' notification: every signed-in user sees the current message until they press OK,
 * and not again for that message, on any device (the seen message is kept on the user's row).
 */

/** The current message for this user, or null when there is none or they have seen it. */
export const unseenNotificationFor = async (
  ctx: AppContext,
  user: Pick<UserRow, 'seenNotificationId'>,
): Promise<{ id: string; msg: string } | null> => {
  const current = await currentNotification(ctx.db);
  return current && Number(current.id) !== user.seenNotificationId ? current : null;
};

/** GET /admin/notification. */
export const notificationFor = async (
  ctx: AppContext,
  user: UserRow,
): Promise<TNotificationResponse> => {
  const current = await currentNotification(ctx.db);
  if (!current) return { msg: '', id: null, seen: false };
  const id = Number(current.id);
  return { msg: current.msg, id, seen: user.seenNotificationId === id };
};

/** POST /admin/notification (admin and agent). */
export const publishNotification = async (
  ctx: AppContext,
  actor: UserRow,
  msg: string,
): Promise<{ msg: string; id: number }> =>
  inTransaction(ctx.db, async (tx) => {
    const id = await insertNotification(tx, msg);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'notification.publish',
      targetType: 'notification',
      targetId: String(id),
      after: { msg },
    });
    return { msg: 'Notification updated', id };
  });

/** POST /admin/notification/seen. */
export const acknowledgeNotification = async (
  ctx: AppContext,
  user: UserRow,
  id: number,
): Promise<void> => {
  await markNotificationSeen(ctx.db, user.id, id);
};
