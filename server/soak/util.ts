import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Polls `probe` every `everyMs` until it answers a value other than undefined, or throws at the deadline. */
export const waitFor = async <T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { timeoutMs, everyMs = 200 }: { timeoutMs: number; everyMs?: number },
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
};

/** Runs a program to its end; throws with its output when it fails. */
export const run = async (file: string, args: string[]): Promise<string> => {
  try {
    const { stdout } = await execFileAsync(file, args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${file} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`,
    );
  }
};

/** The last `lines` lines of a text file ('' when it does not exist). */
export const tail = (file: string, lines = 30): string => {
  if (!fs.existsSync(file)) return '';
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .slice(-lines - 1)
    .join('\n');
};

/** p-th percentile (0–100) of a list of numbers, nearest rank; 0 for an empty list. */
export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
};
