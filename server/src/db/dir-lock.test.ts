import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DirLockedError } from './dir-lock.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');
const tmpDirs: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-lock-'));
  tmpDirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of tmpDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts a child process that locks `dir` and holds it until killed. */
const holdLock = async (dir: string) => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('./src/db/dir-lock.ts').then(m => m.acquireDirLock(${JSON.stringify(dir)})).then(() => { console.log('locked'); setInterval(() => {}, 1000); })`,
    ],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
};

describe('the PGlite data-folder lock', () => {
  it('makes a second process refuse the folder while the first holds it', async () => {
    const dir = tmp();
    const holder = await holdLock(dir);
    try {
      await expect(acquireDirLock(dir)).rejects.toBeInstanceOf(DirLockedError);
      await expect(acquireDirLock(dir)).rejects.toThrow(/in use by another Vendo process/);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('makes a second `npm start` exit with a clear message instead of opening the database', async () => {
    const dataDir = tmp();
    const holder = await holdLock(path.join(dataDir, 'pglite'));
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/in use by another Vendo process/);
      expect(fs.readdirSync(path.join(dataDir, 'pglite'))).toEqual(['vendo.lock']);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that has died', async () => {
    const dir = tmp();
    const holder = await holdLock(dir);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const lock = await acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'vendo.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'vendo.lock'))).toBe(false);
  });

  it('is released when the holder stops cleanly', async () => {
    const dir = tmp();
    const lock = await acquireDirLock(dir);
    lock.release();
    const again = await acquireDirLock(dir);
    again.release();
  });
});
