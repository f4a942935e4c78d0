import type { TAlert } from '@vendo/shared/schemas/admin.responses';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  acknowledgeAlert as acknowledgeAlertRow,
  countOpenAlerts,
  findAlert,
  insertAlert,
  insertAlertOnce,
  selectAlerts,
} from './alerts.repository.ts';
import { inTransaction } from '../../db/retry.ts';

/** Records something an admin must act on (supplier float low, a purchase past its SLA …). */
export const raiseAlert = async (
  ctx: Pick<AppContext, 'db' | 'logger'>,
  kind: string,
  message: string,
  transactionId?: string,
  db: DbOrTx = ctx.db,
): Promise<void> => {
  ctx.logger.warn('admin alert', { kind, message, transactionId });
  await insertAlert(db, { kind, message, transactionId: transactionId ?? null });
};

/**
 * Raises an alert about a standing condition (e.g. a supplier's float is low) unless one about
 * the same subject is still unacknowledged. Answers whether a new alert was written.
 */
export const raiseOpenAlert = async (
  ctx: Pick<AppContext, 'db' | 'logger'>,
  { kind, subject, message }: { kind: string; subject: string; message: string },
  db: DbOrTx = ctx.db,
): Promise<boolean> => {
  const raised = await insertAlert(db, { kind, subject, message });
  if (raised) ctx.logger.warn('admin alert', { kind, subject, message });
  return raised;
};

/**
 * Raises an alert about one event (a supplier's answer about another order, a reversal, a day's
 * float difference) once ever: `subject` names the event, and a later pass that finds the same
 * thing again (the next re-query, the next reconciliation run) raises nothing, even after an admin
 * acknowledged the first. Answers whether a new alert was written.
 */
export const raiseAlertOnce = async (
  ctx: Pick<AppContext, 'db' | 'logger'>,
  alert: { kind: string; subject: string; message: string; transactionId?: string },
): Promise<boolean> => {
  const raised = await insertAlertOnce(ctx.db, alert);
  if (raised) ctx.logger.warn('admin alert', alert);
  return raised;
};

type AlertRow = Awaited<ReturnType<typeof selectAlerts>>[number];

const toAlert = ({ alert, acknowledgedBy }: AlertRow): TAlert => ({
  id: alert.id,
  kind: alert.kind,
  message: alert.message,
  transactionId: alert.transactionId,
  createdAt: alert.createdAt.toISOString(),
  resolvedAt: alert.acknowledgedAt?.toISOString() ?? null,
  acknowledgedAt: alert.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy: alert.acknowledgedAt ? acknowledgedBy : null,
});

/** The latest alerts, newest first; `open`: only those no admin has acknowledged. */
export const listAlerts = async (
  db: DbOrTx,
  { open = false, limit = 100 }: { open?: boolean; limit?: number } = {},
): Promise<TAlert[]> => (await selectAlerts(db, { open, limit })).map(toAlert);

export const openAlertCount = (db: DbOrTx): Promise<number> => countOpenAlerts(db);

/** POST /admin/alerts/{id}/acknowledge (admins): once, audited in the same transaction. */
export const acknowledgeAlert = async (
  ctx: AppContext,
  admin: UserRow,
  id: number,
): Promise<{ msg: string; alert: TAlert }> => {
  const moved = await inTransaction(ctx.db, async (tx) => {
    const row = await acknowledgeAlertRow(tx, id, admin.id);
    if (!row) {
      const existing = await findAlert(tx, id);
      if (!existing) throw new AppError('NOT_FOUND', { msg: 'That alert does not exist' });
      throw new AppError('CONFLICT', { msg: 'This alert has already been acknowledged' });
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'alert.acknowledge',
      targetType: 'alert',
      targetId: String(id),
      before: { acknowledgedAt: null },
      after: { acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null },
    });
    return row;
  });
  return {
    msg: 'Alert acknowledged',
    alert: toAlert({ alert: moved, acknowledgedBy: admin.userName }),
  };
};
