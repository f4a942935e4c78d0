import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL server binaries (package postgresql-15). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why a private PostgreSQL server cannot be started here, or null when it can. */
export const privatePostgresUnavailable = (): string | null => {
  for (const tool of ['initdb', 'pg_ctl']) {
    if (!fs.existsSync(path.join(POSTGRES_BIN, tool))) {
      return `needs Debian's PostgreSQL server (${path.join(POSTGRES_BIN, tool)} not found)`;
    }
  }
  if (process.getuid?.() === 0 && !fs.existsSync('/usr/sbin/runuser')) {
    return 'running as root needs runuser to start PostgreSQL as the postgres user';
  }
  return null;
};

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** A URL for another database on this server. */
  urlFor: (database: string) => string;
  /** A fast shutdown (every connection ended, as a restart for maintenance does). */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** stop() then start(). */
  restart: () => Promise<void>;
  /** The server's own log. */
  log: () => string;
  /** Stops the server and deletes its folder. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL server of the test's own: `initdb` into a temporary folder, `pg_ctl` on a free
 * port, trust authentication on 127.0.0.1 only, durability off (it is thrown away). As root it
 * runs as the `postgres` user, as PostgreSQL requires.
 */
export const startPrivatePostgres = async (): Promise<PrivatePostgres> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, tool), ...args])
      : run(path.join(POSTGRES_BIN, tool), args);

  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor('postgres'),
    port,
    urlFor,
    stop,
    start,
    restart: async () => {
      await stop();
      await start();
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    destroy: async () => {
      await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};
