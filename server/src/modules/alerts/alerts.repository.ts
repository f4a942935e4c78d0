import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { adminAlerts, users } from '../../db/schema/index.ts';

/** Reads and writes of admin alerts. */

export type NewAlert = {
  kind: string;
  message: string;
  transactionId?: string | null;
  /** A standing condition's name (a supplier): at most one open alert per kind and subject. */
  subject?: string | null;
};

/** Inserts an alert; one with a subject that is already open is not repeated (false). */
export const insertAlert = async (db: DbOrTx, alert: NewAlert): Promise<boolean> => {
  const values = {
    kind: alert.kind,
    message: alert.message,
    transactionId: alert.transactionId ?? null,
    subject: alert.subject ?? null,
  };
  const rows = alert.subject
    ? await db
        .insert(adminAlerts)
        .values(values)
        .onConflictDoNothing({
          target: [adminAlerts.kind, adminAlerts.subject],
          where: sql`acknowledged_at is null and subject is not null`,
        })
        .returning({ id: adminAlerts.id })
    : await db.insert(adminAlerts).values(values).returning({ id: adminAlerts.id });
  return rows.length > 0;
};

/**
 * Inserts an alert unless one of the same kind and subject was ever raised, open or acknowledged
 * (false). Two racing inserts cannot both land: the second meets the first's open row on the
 * unique index.
 */
export const insertAlertOnce = async (
  db: DbOrTx,
  alert: NewAlert & { subject: string },
): Promise<boolean> => {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${adminAlerts} (kind, message, transaction_id, subject)
      select ${alert.kind}, ${alert.message}, ${alert.transactionId ?? null}::uuid, ${alert.subject}
      where not exists (
        select 1 from ${adminAlerts} where kind = ${alert.kind} and subject = ${alert.subject})
      on conflict (kind, subject) where acknowledged_at is null and subject is not null do nothing
      returning id`,
  );
  return rows.length > 0;
};

/** The latest alerts, newest first, with the username of whoever acknowledged each. */
export const selectAlerts = (db: DbOrTx, { open, limit }: { open: boolean; limit: number }) =>
  db
    .select({ alert: adminAlerts, acknowledgedBy: users.userName })
    .from(adminAlerts)
    .leftJoin(users, eq(users.id, adminAlerts.acknowledgedBy))
    .where(open ? isNull(adminAlerts.acknowledgedAt) : undefined)
    .orderBy(desc(adminAlerts.id))
    .limit(limit);

/** How many alerts no admin has acknowledged yet (a partial index holds exactly those). */
export const countOpenAlerts = async (db: DbOrTx): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminAlerts)
    .where(isNull(adminAlerts.acknowledgedAt));
  return Number(row?.n ?? 0);
};

/**
 * Acknowledges an open alert, once: the row moved, or null when it was already acknowledged or
 * does not exist (see findAlert).
 */
export const acknowledgeAlert = async (db: DbOrTx, id: number, by: string) => {
  const [row] = await db
    .update(adminAlerts)
    .set({ acknowledgedAt: sql`now()`, acknowledgedBy: by })
    .where(and(eq(adminAlerts.id, id), isNull(adminAlerts.acknowledgedAt)))
    .returning();
  return row ?? null;
};

export const findAlert = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(adminAlerts).where(eq(adminAlerts.id, id));
  return row ?? null;
};
