import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, waitFor } from './util.ts';

const HAPROXY = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

export type Haproxy = { url: string; logFile: string; stop: () => Promise<void> };

/**
 * The balancer's configuration: round robin over the app processes, each checked on /readyz
 * twice a second (down after 2 failures, up after 1 success). `retries 2` with `option
 * redispatch` retries a connection that could not be made, on another server; a request already
 * sent is never retried (no `retry-on`), so a POST cut by a crash reaches the client as a 502.
 * Logs (errors and server state changes only) go to stdout, kept in a file. The deployment's
 * balancer (deploy/haproxy.cfg, docker-compose.yml) has these same settings; a test holds them
 * in step.
 */
export const haproxyConfig = ({
  port,
  servers,
}: {
  port: number;
  servers: { name: string; port: number }[];
}): string =>
  [
    'global',
    '  log stdout format raw local0 info',
    '  maxconn 2000',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    // The whole (small) body is read before a server is chosen: an answer HAProxy gives itself
    // (503, no server ready) is then never cut by a reset for an unread body.
    '  option http-buffer-request',
    '  option redispatch',
    '  retries 2',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 30s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    '  timeout check 2s',
    '',
    'frontend soak',
    `  bind 127.0.0.1:${port}`,
    '  default_backend apps',
    '',
    'backend apps',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check inter 500 fall 2 rise 1`),
    '',
  ].join('\n');

const accepts = (port: number) =>
  new Promise<true | undefined>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(undefined));
  });

/** Runs HAProxy in the foreground (`-db`) as a child of this process, on a free port. */
export const startHaproxy = async ({
  dir,
  servers,
}: {
  dir: string;
  servers: { name: string; port: number }[];
}): Promise<Haproxy> => {
  if (!fs.existsSync(HAPROXY)) {
    throw new Error(`${HAPROXY} not found (apt-get install haproxy, or set HAPROXY_BIN)`);
  }
  const port = await freePort();
  const configFile = path.join(dir, 'haproxy.cfg');
  const logFile = path.join(dir, 'haproxy.log');
  fs.writeFileSync(configFile, haproxyConfig({ port, servers }));
  const out = fs.openSync(logFile, 'a');
  const child = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  await waitFor('HAProxy to listen', async () => (exited ? undefined : accepts(port)), {
    timeoutMs: 10_000,
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    logFile,
    stop: async () => {
      if (exited) return;
      child.kill('SIGTERM');
      await exit;
    },
  };
};
