/**
 * Backups of the embedded database while the app runs. Only the app may open its data folder
 * (dir-lock.ts), so `npm run backup` asks the app for a copy over a Unix socket in the folder:
 * `DATA_DIR/control/backup.sock`, in a directory only the folder's owner may enter (0700), the
 * socket itself 0600. A Unix socket is a file, never a network address: only the folder's owner
 * (and root) can reach it. The request is one line, `backup`; the answer is one JSON
 * line, `{"ok":true,"file":"snapshot-….tar","bytes":N}` or `{"ok":false,"error":"…"}`: the app has
 * written the snapshot (an uncompressed tarball of PGlite's data folder) into that file beside the
 * socket, the command reads it and closes the connection, and the app then deletes the file. A
 * file, not the socket, carries the bytes: the app's event loop, busy with requests and PGlite's
 * synchronous queries, would send tens of megabytes through a socket only slowly (10 s for 43 MB
 * under purchase load). The command compresses the copy in its own process. Decision 0032.
 */
import { randomBytes } from 'node:crypto';
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
/** How long the command waits for the app's answer (a copy waits for the transaction in flight). */
const ANSWER_TIMEOUT_MS = 5 * 60_000;

/**
 * Compresses a snapshot (an uncompressed tarball) into the backup file's bytes. Large chunks: an
 * asynchronous gzip goes back to the event loop for every output chunk (16 KB by default).
 */
export const compressSnapshot = (tar: Buffer): Promise<Buffer> =>
  gzip(tar, { chunkSize: 1024 * 1024 });

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
  // A socket and snapshots left by a process that was killed: we hold the folder's lock, so
  // they are nobody's.
  for (const name of fs.readdirSync(dir))
    if (name === path.basename(socketPath) || SNAPSHOT_NAME.test(name))
      fs.rmSync(path.join(dir, name), { force: true });

  let queue: Promise<unknown> = Promise.resolve();
  const takeBackup = async () => {
    const started = performance.now();
    const tar = await snapshot();
    const pausedMs = Math.round(performance.now() - started);
    const name = `snapshot-${randomBytes(8).toString('hex')}.tar`;
    const bytes = await writeWhole(path.join(dir, name), Buffer.from(await tar.arrayBuffer()));
    return { name, bytes, pausedMs };
  };

  const answer = async (socket: net.Socket, request: string) => {
    if (request !== 'backup') {
      socket.end(`${JSON.stringify({ ok: false, error: `unknown request ${request}` })}\n`);
      return;
    }
    const job = queue.then(takeBackup);
    queue = job.catch(() => undefined);
    try {
      const { name, bytes, pausedMs } = await job;
      const remove = () => fs.rm(path.join(dir, name), { force: true }, () => undefined);
      if (socket.destroyed) remove();
      else {
        socket.once('close', remove);
        socket.write(`${JSON.stringify({ ok: true, file: name, bytes })}\n`);
      }
      logger.info('backup taken', { bytes, pausedMs });
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

const SNAPSHOT_NAME = /^snapshot-[0-9a-f]{16}\.tar$/;

/** Writes `data` into a new file only its owner may read, in one write where the OS allows. */
const writeWhole = async (file: string, data: Buffer): Promise<number> => {
  const handle = await fs.promises.open(file, 'wx', 0o600);
  try {
    for (let at = 0; at < data.length;) {
      at += (await handle.write(data, at, data.length - at)).bytesWritten;
    }
  } finally {
    await handle.close();
  }
  return data.length;
};

/** Nobody listens on the data folder's control socket: the app is not running there. */
export class AppNotListeningError extends Error {}

/**
 * Asks the app running on `dataDir` for a snapshot and resolves with its bytes (an uncompressed
 * tarball), checked against the length the app announced. Rejects with AppNotListeningError when no
 * app listens there.
 */
export const requestBackup = (dataDir: string): Promise<Buffer> =>
  new Promise<Buffer>((resolve, reject) => {
    const socketPath = controlSocketPath(dataDir);
    const socket = net.createConnection(socketPath);
    let received = '';
    let connected = false;
    let settled = false;
    const settle = (error: Error | undefined, snapshot?: Buffer) => {
      if (settled) return;
      settled = true;
      socket.end();
      if (error) reject(error);
      else resolve(snapshot!);
    };
    socket.once('connect', () => {
      connected = true;
      socket.write('backup\n');
    });
    socket.setTimeout(ANSWER_TIMEOUT_MS, () =>
      settle(new Error(`the app did not answer within ${ANSWER_TIMEOUT_MS / 60_000} minutes`)),
    );
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\n');
      if (end < 0) return;
      try {
        settle(undefined, readAnswer(path.dirname(socketPath), received.slice(0, end)));
      } catch (error) {
        settle(error instanceof Error ? error : new Error(String(error)));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const absent = !connected && ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '');
      settle(
        absent
          ? new AppNotListeningError(`no app listens on ${socketPath}`)
          : new Error(`the backup request failed: ${error.message}`),
      );
    });
    socket.once('close', () =>
      settle(new Error('the app closed the connection without an answer')),
    );
  });

/** Reads the snapshot the answer names (before the connection closes: the app then deletes it). */
const readAnswer = (dir: string, line: string): Buffer => {
  const answer = JSON.parse(line) as { ok: boolean; error?: string; file?: string; bytes?: number };
  if (!answer.ok) throw new Error(`the app could not take the backup: ${answer.error}`);
  if (!answer.file || !SNAPSHOT_NAME.test(answer.file))
    throw new Error(`the app answered an unexpected file name: ${answer.file}`);
  const snapshot = fs.readFileSync(path.join(dir, answer.file));
  if (snapshot.length !== answer.bytes)
    throw new Error(`the snapshot is incomplete (${snapshot.length} of ${answer.bytes} bytes)`);
  return snapshot;
};
