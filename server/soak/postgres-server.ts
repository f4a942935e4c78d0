import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, run } from './util.ts';

/** Debian's PostgreSQL 15 programs (postgresql-15); PG_BIN overrides. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
const asRoot = process.getuid?.() === 0;

const pgProgram = (name: string, args: string[]) =>
  asRoot
    ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, name), ...args])
    : run(path.join(PG_BIN, name), args);

export type PostgresServer = {
  port: number;
  /** The URL of a database on this server (trust auth, user postgres, TCP on 127.0.0.1). */
  urlOf: (database: string) => string;
  createDatabase: (name: string) => Promise<void>;
  /** A fast restart (`pg_ctl restart -m fast`): every connection is cut. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it at once if it runs (immediate mode); the folder is the caller's to remove. */
  destroy: () => Promise<void>;
  logFile: string;
};

/**
 * A PostgreSQL server of its own for one soak run: `initdb` into `<dir>/pgdata` (trust auth), a
 * free port on 127.0.0.1 and its socket in `<dir>`, started with `pg_ctl`. As root the folder is
 * handed to the `postgres` user first (PostgreSQL will not run as root).
 */
export const startPostgres = async (dir: string): Promise<PostgresServer> => {
  if (!fs.existsSync(path.join(PG_BIN, 'pg_ctl'))) {
    throw new Error(`pg_ctl not found in ${PG_BIN} (apt-get install postgresql-15, or set PG_BIN)`);
  }
  const dataDir = path.join(dir, 'pgdata');
  const logFile = path.join(dir, 'postgres.log');
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
  await pgProgram('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  // In postgresql.conf rather than on pg_ctl's command line, so that every start uses them.
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      '',
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 100',
      'log_min_messages = warning',
      '',
    ].join('\n'),
  );
  let running = false;
  const ctl = async (args: string[]) =>
    pgProgram('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', ...args]);
  const start = async () => {
    await ctl(['start']);
    running = true;
  };
  const stop = async () => {
    await ctl(['stop', '-m', 'fast']);
    running = false;
  };
  await start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    urlOf,
    logFile,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
    },
    restart: async () => {
      running = false;
      await ctl(['restart', '-m', 'fast']);
      running = true;
    },
    stop,
    start,
    destroy: async () => {
      if (!running && !fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
      await ctl(['stop', '-m', 'immediate']).catch(() => undefined);
      running = false;
    },
  };
};
