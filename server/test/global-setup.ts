import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { seedReferenceData } from '../src/seed/reference-data.ts';
import { databaseUrlFor, type TestDbTemplate } from './helpers/test-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TestDbTemplate;
  }
}

const prepare = async (database: Database) => {
  await database.migrate();
  await seedReferenceData(database.db);
};

/**
 * Migrates one template database for the whole run; every test file then gets a cheap copy of it
 * (a PGlite dump, or CREATE DATABASE … TEMPLATE on a real server when DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const templateName = `vendo_tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    const database = openPostgres(databaseUrlFor(adminUrl, templateName), { poolSize: 2 });
    await prepare(database);
    await database.close();
    project.provide('dbTemplate', { kind: 'pg', adminUrl, templateName });
    return async () => {
      const stale = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`vendo_t_${process.pid}_%`],
      );
      for (const { datname } of stale.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }

  const database = await openPglite();
  await prepare(database);
  const dump = await (
    database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }
  ).$client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `vendo-template-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', file, runId: String(process.pid) });
  return () => fs.rmSync(file, { force: true });
}
