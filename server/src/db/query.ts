import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; the generic Db type cannot
 * say so, hence the one cast here. bigint columns arrive as strings (pg) or bigint/number
 * (PGlite): convert with Number() at the call site.
 */
export const queryRows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};
