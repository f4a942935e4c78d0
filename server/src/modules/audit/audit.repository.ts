import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export type AuditEntry = {
  /** The staff member; null for the system's own acts (an automatic refund). */
  actorId: string | null;
  /** What was done, as `<target>.<verb>`, e.g. 'purchase.refund'. */
  action: string;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
};

/** Records a staff action; call it inside the transaction that makes the change. */
export const recordAudit = async (db: DbOrTx, entry: AuditEntry): Promise<void> => {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
};

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = {
  actorUserName?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Inclusive dates (YYYY-MM-DD), Lagos time. */
  from?: string;
  to?: string;
  page: number;
};

/** Audit entries, newest first, with the staff member's username; and how many match. */
export const listAudit = async (db: DbOrTx, filter: AuditFilter) => {
  const conditions: SQL[] = [];
  if (filter.actorUserName)
    conditions.push(sql`lower(${users.userName}) = lower(${filter.actorUserName})`);
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.from) {
    conditions.push(
      sql`${auditLog.createdAt} >= (${filter.from}::date)::timestamp at time zone 'Africa/Lagos'`,
    );
  }
  if (filter.to) {
    conditions.push(
      sql`${auditLog.createdAt} < (${filter.to}::date + 1)::timestamp at time zone 'Africa/Lagos'`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: auditLog, actor: users.userName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
};
