import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { isPglite, pgliteNamedQuery } from './pglite-prepared.ts';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; the generic Db type cannot
 * say so, hence the one cast here. bigint columns arrive as strings (pg) or bigint/number
 * (PGlite): convert with Number() at the call site.
 */
export const queryRows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

/** What queryPreparedRows needs of a Drizzle database; Drizzle keeps these two members internal. */
type DrizzleInternals = {
  dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
  session: {
    client: unknown;
    prepareQuery: (
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ) => { execute: () => Promise<unknown> };
  };
};

/** Statement names already derived, by statement text. */
const statementNames = new Map<string, string>();

const statementName = (text: string): string => {
  let name = statementNames.get(text);
  if (!name) {
    name = `v_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    // The hot statements are a handful of fixed texts; a bound keeps a mistake from growing it.
    if (statementNames.size < 1_000) statementNames.set(text, name);
  }
  return name;
};

/**
 * queryRows for the hot path: on PostgreSQL the statement is a named prepared statement, parsed
 * and planned once per connection and then only bound and executed (planning a CTE statement
 * cost more than running it). The name is derived from the text, so a statement always gets
 * the same name and two different texts never share one. Only for statements whose text is
 * fixed (values as parameters, lists as one JSON parameter): each distinct text stays prepared
 * on every connection for the connection's life. On PGlite the same, through
 * pglite-prepared.ts; inside a PGlite transaction it runs as an ordinary statement.
 */
export const queryPreparedRows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => {
  const { dialect } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  return queryPreparedText<T>(db, built.sql, built.params);
};

/**
 * queryPreparedRows for a statement written as text with $1, $2 … placeholders, for the few
 * hot statements whose text is a constant: no query object is built for each call.
 */
export const queryPreparedText = async <T>(
  db: DbOrTx,
  text: string,
  params: unknown[],
): Promise<T[]> => {
  const { session } = db as unknown as DrizzleInternals;
  if (isPglite(session.client)) {
    return pgliteNamedQuery<T>(session.client, statementName(text), text, params);
  }
  const result = (await session
    .prepareQuery({ sql: text, params }, undefined, statementName(text), false)
    .execute()) as { rows: T[] };
  return result.rows;
};
