import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dataPlans, settings } from '../db/schema/index.ts';
import { CATALOGUE } from '../modules/catalogue/catalogue.data.ts';
import { inTransaction } from '../db/retry.ts';

/**
 * Reference data every install starts with: the data-plan catalogue. Seeded once (a settings
 * flag), so an admin's later edits and deletions are never undone by a restart.
 */
export const seedReferenceData = async (db: Db): Promise<void> => {
  await inTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: 'seed:catalogue:v1', value: sql`to_jsonb(now())` })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed.length === 0) return;
    await tx.insert(dataPlans).values(CATALOGUE).onConflictDoNothing();
  });
};
