import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';

/** The settings row under `key`, or undefined when none was stored. */
export const findSetting = async (db: DbOrTx, key: string) => {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row;
};

/** Stores `value` under `key`, replacing the one there. */
export const upsertSetting = async (db: DbOrTx, key: string, value: unknown): Promise<void> => {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
};

/** Stores `value` under `key` unless a value is already there (the first writer wins). */
export const insertSettingIfMissing = async (
  db: DbOrTx,
  key: string,
  value: unknown,
): Promise<void> => {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
};
