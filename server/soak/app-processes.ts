import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, tail, waitFor } from './util.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

export type AppProcess = {
  name: string;
  port: number;
  logFile: string;
  running: () => boolean;
  /** Spawns `node --import tsx src/main.ts` and waits until /readyz answers 200. */
  start: () => Promise<void>;
  /** kill -9, and waits for the exit. */
  kill: () => Promise<void>;
  /** SIGTERM (the app drains), SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
  /** The last lines of its log (every run of it appends to the same file). */
  tail: (lines?: number) => string;
};

const ready = async (port: number) => {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(3000) });
  await res.arrayBuffer();
  return res.status === 200 ? true : undefined;
};

/**
 * One app process of the soak, on a port of its own that it keeps across restarts (the balancer
 * knows it by that port). Its output goes to `<dir>/<name>.log`. An exit that this module did not
 * cause (a crash) is reported to `onCrash`.
 */
export const appProcess = async ({
  name,
  dir,
  env,
  onCrash,
}: {
  name: string;
  dir: string;
  env: Record<string, string>;
  onCrash: (name: string, code: number | null, signal: string | null) => void;
}): Promise<AppProcess> => {
  const port = await freePort();
  const logFile = path.join(dir, `${name}.log`);
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  // The exits this module asked for (kill, stop): any other is a crash.
  const expectedExits = new WeakSet<ChildProcess>();

  const start = async () => {
    if (child) throw new Error(`${name} is already running`);
    fs.appendFileSync(logFile, `\n--- ${new Date().toISOString()} start ${name} on :${port}\n`);
    const out = fs.openSync(logFile, 'a');
    const spawned = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    child = spawned;
    let gone = false;
    exited = new Promise((resolve) =>
      spawned.once('exit', (code, signal) => {
        gone = true;
        if (child === spawned) child = null;
        if (!expectedExits.has(spawned)) onCrash(name, code, signal);
        resolve();
      }),
    );
    // Until it is ready, an exit ends the start (with its log); after that it is a crash.
    let starting = true;
    try {
      await Promise.race([
        waitFor(`${name} to be ready`, () => ready(port), { timeoutMs: 120_000, everyMs: 250 }),
        exited.then(() => {
          if (starting) throw new Error(`${name} exited while starting:\n${tail(logFile)}`);
        }),
      ]);
    } finally {
      starting = false;
    }
    if (gone) throw new Error(`${name} exited while starting:\n${tail(logFile)}`);
  };

  const end = async (signal: NodeJS.Signals, graceMs: number) => {
    const current = child;
    if (!current) return;
    expectedExits.add(current);
    current.kill(signal);
    const timer =
      signal === 'SIGKILL' ? undefined : setTimeout(() => current.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  return {
    name,
    port,
    logFile,
    running: () => child !== null,
    start,
    kill: () => end('SIGKILL', 0),
    stop: (graceMs = 15_000) => end('SIGTERM', graceMs),
    tail: (lines = 30) => tail(logFile, lines),
  };
};
