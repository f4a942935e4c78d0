import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

/** Debian's PgBouncer (package pgbouncer; 1.18 in bookworm). */
export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';

/** Why PgBouncer cannot be started here, or null when it can. */
export const pgbouncerUnavailable = (): string | null =>
  fs.existsSync(PGBOUNCER_BIN) ? null : `needs Debian's PgBouncer (${PGBOUNCER_BIN} not found)`;

export type PrivatePgbouncer = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  /** PgBouncer's own log. */
  log: () => string;
  stop: () => Promise<void>;
};

/**
 * PgBouncer in front of one database of a private server, as a deployment runs it behind a
 * transaction pooler: pool_mode=transaction (a server connection per transaction, nothing kept
 * across them), fewer server connections than the app's pool, trust authentication for the
 * postgres user. It refuses to run as root, so as root it runs as the postgres user.
 */
export const startPgbouncer = async ({
  serverPort,
  database,
  poolSize = 4,
}: {
  serverPort: number;
  database: string;
  poolSize?: number;
}): Promise<PrivatePgbouncer> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-pgbouncer-'));
  const port = await freePort();
  const logFile = path.join(dir, 'pgbouncer.log');
  fs.writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=127.0.0.1 port=${serverPort} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      `logfile = ${logFile}`,
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
  const ini = path.join(dir, 'pgbouncer.ini');
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER_BIN, ini], { stdio: 'ignore' })
    : spawn(PGBOUNCER_BIN, [ini], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`PgBouncer did not start:\n${log()}`);
    }
    await sleep(100);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    log,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};
