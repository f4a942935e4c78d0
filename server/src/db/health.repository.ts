import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryRows } from './query.ts';

/** One round trip: the database answers. */
export const pingDatabase = async (db: Db): Promise<void> => {
  await db.execute(sql`select 1`);
};

/** When the newest applied migration was created (drizzle's `when`), 0 when none is. */
export const newestAppliedMigration = async (db: Db): Promise<number> => {
  const [row] = await queryRows<{ applied: unknown }>(
    db,
    sql`select coalesce(max(created_at), 0) as applied from drizzle.__drizzle_migrations`,
  );
  return Number(row?.applied ?? 0);
};
