import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';

/**
 * The database of one benchmark run: with DATABASE_URL, a fresh database of its own on that
 * server (`<prefix>_<time>`, its address in `url`), dropped by `close()`; without, an embedded
 * PGlite in memory (`url` undefined).
 */
export const openBenchDatabase = async (
  prefix: string,
  { poolSize }: { poolSize: number },
): Promise<{
  database: Database;
  where: string;
  url: string | undefined;
  close: () => Promise<void>;
}> => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite();
    return { database, where: 'embedded PGlite', url: undefined, close: () => database.close() };
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  const name = `${prefix}_${Date.now().toString(36)}`;
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { poolSize });
  return {
    database,
    where: 'PostgreSQL',
    url: url.toString(),
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};
