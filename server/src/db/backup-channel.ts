/**
 * Backups of the embedded database while the app runs. Only the app may open its data folder
 * (dir-lock.ts), so `npm run backup` asks the app for a copy over a Unix socket in the folder:
 * `DATA_DIR/control/backup.sock`, in a directory only the folder's owner may enter (0700), the
 * socket itself 0600. A Unix socket is a file, never a network address: only the folder's owner
 * (and root) can reach it. The request is one line, `backup`; the answer is one JSON
 * line `{"ok":true,"bytes":N,"sha256":"…"}` followed by N bytes of gzipped tarball, or
 * `{"ok":false,"error":"…"}`. Decision 0031.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger } from '../lib/logger.ts';

const gzip = promisify(zlib.gzip);

/** Where the running app listens for backup requests, for a data folder (DATA_DIR). */
export const controlSocketPath = (dataDir: string): string =>
  path.join(dataDir, 'control', 'backup.sock');

/** A socket's path must fit sockaddr_un.sun_path: 108 bytes on Linux, 104 on macOS. */
const MAX_SOCKET_PATH_BYTES = 103;
/** How long a connection may take to send its request line. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Compresses a snapshot (an uncompressed tarball) into the backup file's bytes. */
export const compressSnapshot = async (tar: Blob): Promise<Buffer> =>
  gzip(Buffer.from(await tar.arrayBuffer()));

export type BackupChannel = { path: string; close: () => Promise<void> };

/**
 * Listens on the data folder's control socket. Returns undefined (with a warning logged) where
 * a socket cannot be made: Windows, or a data folder whose path is too long for one; the backup
 * command then needs the app stopped. One backup runs at a time; a failed one is answered with
 * its error and logged, never the end of the process.
 */
export const startBackupChannel = async ({
  dataDir,
  snapshot,
  logger,
}: {
  dataDir: string;
  snapshot: () => Promise<Blob>;
  logger: Logger;
}): Promise<BackupChannel | undefined> => {
  const socketPath = controlSocketPath(dataDir);
  if (process.platform === 'win32' || Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    logger.warn('backup channel off: stop the app to run npm run backup', {
      reason: process.platform === 'win32' ? 'no Unix sockets' : 'data folder path too long',
      socketPath,
    });
    return undefined;
  }
  const dir = path.dirname(socketPath);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  // A socket left by a process that was killed: we hold the folder's lock, so it is nobody's.
  fs.rmSync(socketPath, { force: true });

  let queue: Promise<unknown> = Promise.resolve();
  const takeBackup = async () => {
    const started = performance.now();
    const tar = await snapshot();
    const pausedMs = Math.round(performance.now() - started);
    return { body: await compressSnapshot(tar), pausedMs };
  };

  const answer = async (socket: net.Socket, request: string) => {
    if (request !== 'backup') {
      socket.end(`${JSON.stringify({ ok: false, error: `unknown request ${request}` })}\n`);
      return;
    }
    const job = queue.then(takeBackup);
    queue = job.catch(() => undefined);
    try {
      const { body, pausedMs } = await job;
      const sha256 = createHash('sha256').update(body).digest('hex');
      socket.write(`${JSON.stringify({ ok: true, bytes: body.length, sha256 })}\n`);
      socket.end(body);
      logger.info('backup taken', { bytes: body.length, pausedMs });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error('backup failed', { error: message });
      socket.end(`${JSON.stringify({ ok: false, error: message })}\n`);
    }
  };

  const server = net.createServer((socket) => {
    socket.on('error', () => undefined); // the command went away: nothing to answer
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\n');
      if (end < 0) {
        if (received.length > 256) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.setTimeout(0);
      void answer(socket, received.slice(0, end).trim());
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  server.on('error', (error) => logger.error('backup channel error', { error: error.message }));
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
};

/** Nobody listens on the data folder's control socket: the app is not running there. */
export class AppNotListeningError extends Error {}

/**
 * Asks the app running on `dataDir` for a backup and resolves with the file's bytes, checked
 * against the length and SHA-256 the app announced. Rejects with AppNotListeningError when no
 * app listens there.
 */
export const requestBackup = (dataDir: string): Promise<Buffer> =>
  new Promise<Buffer>((resolve, reject) => {
    const socketPath = controlSocketPath(dataDir);
    const socket = net.createConnection(socketPath);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      socket.write('backup\n');
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const absent = !connected && ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '');
      reject(
        absent
          ? new AppNotListeningError(`no app listens on ${socketPath}`)
          : new Error(`the backup request failed: ${error.message}`),
      );
    });
    socket.once('end', () => {
      try {
        resolve(readAnswer(Buffer.concat(chunks)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });

const readAnswer = (answer: Buffer): Buffer => {
  const end = answer.indexOf(10);
  if (end < 0) throw new Error('the app closed the connection without an answer');
  const header = JSON.parse(answer.subarray(0, end).toString('utf8')) as {
    ok: boolean;
    error?: string;
    bytes?: number;
    sha256?: string;
  };
  if (!header.ok) throw new Error(`the app could not take the backup: ${header.error}`);
  const body = answer.subarray(end + 1);
  const sha256 = createHash('sha256').update(body).digest('hex');
  if (body.length !== header.bytes || sha256 !== header.sha256)
    throw new Error(
      `the backup arrived incomplete (${body.length} of ${header.bytes} bytes, or a different checksum)`,
    );
  return body;
};
