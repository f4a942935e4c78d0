import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type DirLock = {
  release: () => void;
  /**
   * Writes our claim into the lock file again: loading a backup into the folder (PGlite's
   * loadDataDir) overwrites it with the lock file of the process the backup was taken from.
   */
  reclaim: () => void;
};

export class DirLockedError extends Error {}

const LOCK_NAME = 'vendo.lock';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes an exclusive lock on a data folder with an O_EXCL lock file holding our pid and host.
 * A lock left by a process that is gone (same host, pid not running) is taken over; a live one
 * makes this throw DirLockedError with a message that says what to do.
 */
export const acquireDirLock = async (dir: string): Promise<DirLock> => {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_NAME);
  const mine = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    at: new Date().toISOString(),
  });

  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      // Two processes taking over one stale lock at once: the later write wins the file and the
      // earlier one notices here that the file is no longer its own.
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (fs.readFileSync(file, 'utf8') !== mine) break;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      const reclaim = () => {
        if (!released) fs.writeFileSync(file, mine);
      };
      return { release, reclaim };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      const stale = holder && holder.host === os.hostname() && !isAlive(holder.pid);
      if (!stale) break;
      fs.rmSync(file, { force: true });
    }
  }
  const holder = readHolder(file);
  throw new DirLockedError(
    `The data folder ${dir} is in use by another Vendo process` +
      (holder ? ` (pid ${holder.pid} on ${holder.host})` : '') +
      '. Stop that process first, or set DATA_DIR to another folder, or set DATABASE_URL to use ' +
      'a PostgreSQL server shared by several processes.',
  );
};

const readHolder = (file: string): { pid: number; host: string } | null => {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : null;
  } catch {
    return null;
  }
};
