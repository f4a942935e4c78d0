import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/db/client.ts';

export type TestDbTemplate =
  | { kind: 'pglite'; file: string; runId: string }
  | { kind: 'pg'; adminUrl: string; templateName: string };

export const databaseUrlFor = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A fresh database for one test file, copied from the migrated template: PGlite in memory by
 * default, a new database on the PostgreSQL server when the run has DATABASE_URL.
 */
export const createTestDatabase = async ({
  port,
  role,
}: {
  /** PostgreSQL only: connect through this local port (a proxy in front of the server). */
  port?: number;
  /**
   * PostgreSQL only: connect as this role instead of the test server's superuser (the database
   * is still created, migrated and dropped by the superuser, its owner).
   */
  role?: string;
} = {}): Promise<Database & { name: string; url: string; ownerUrl: string }> => {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const database = await openPglite({ loadDataDir: new Blob([fs.readFileSync(template.file)]) });
    return { ...database, name: 'pglite', url: '', ownerUrl: '' };
  }
  const name = `vendo_t_${template.templateName.split('_')[2]}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.templateName}`);
  } finally {
    await admin.end();
  }
  const ownerUrl = databaseUrlFor(template.adminUrl, name);
  const url = new URL(ownerUrl);
  if (role !== undefined) {
    url.username = role;
    url.password = '';
  }
  if (port !== undefined) {
    url.hostname = '127.0.0.1';
    url.port = String(port);
  }
  // Through a proxy the test cuts the server off: connection attempts give up within a second.
  const database = openPostgres(url.toString(), {
    poolSize: 20,
    ...(port === undefined ? {} : { connectTimeoutMs: 1000 }),
  });
  return {
    ...database,
    name,
    url: url.toString(),
    ownerUrl,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: template.adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
};
