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

/** Runs one of PostgreSQL's programs, as the postgres user when this process is root. */
const pgTool = (tool: string, args: string[]) =>
  process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, tool), ...args])
    : run(path.join(POSTGRES_BIN, tool), args);

/** A fresh temporary folder, the postgres user's when this process is root. */
const privateFolder = async (prefix: string): Promise<string> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', dir]);
  return dir;
};

/** Starts (and can stop, restart, destroy) the server whose data folder is `dir`/data. */
const serve = async (dir: string, settings: Record<string, string>): Promise<PrivatePostgres> => {
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    ...Object.entries({
      listen_addresses: "'127.0.0.1'",
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '200',
      ...settings,
    }).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const start = async () => {
    await pgTool('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
  };
  const stop = async () => {
    await pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
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

/**
 * A PostgreSQL server of the test's own: `initdb` into a temporary folder, `pg_ctl` on a free
 * port, trust authentication on 127.0.0.1 only (replication connections too, initdb's default),
 * durability off (it is thrown away) unless `settings` say otherwise. As root it runs as the
 * `postgres` user, as PostgreSQL requires.
 */
export const startPrivatePostgres = async (
  settings: Record<string, string> = {},
): Promise<PrivatePostgres> => {
  const dir = await privateFolder('vendo-pg-');
  const data = path.join(dir, 'data');
  await pgTool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  return serve(dir, settings);
};

/** Why a streaming replica cannot be made here (pg_basebackup missing), or null. */
export const privateStandbyUnavailable = (): string | null =>
  privatePostgresUnavailable() ??
  (fs.existsSync(path.join(POSTGRES_BIN, 'pg_basebackup'))
    ? null
    : `needs pg_basebackup (${path.join(POSTGRES_BIN, 'pg_basebackup')} not found)`);

/**
 * A hot standby of `primary`, streaming from it: `pg_basebackup -R` (a copy of the primary's
 * data folder that starts as a standby and connects back to it), started on a port of its own.
 * `settings` are added to its command line (log_statement=all, to see what it ran).
 */
export const startPrivateStandby = async (
  primary: PrivatePostgres,
  settings: Record<string, string> = {},
): Promise<PrivatePostgres> => {
  const dir = await privateFolder('vendo-standby-');
  await pgTool('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    ...['-D', path.join(dir, 'data'), '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
  ]);
  return serve(dir, { hot_standby: 'on', ...settings });
};
