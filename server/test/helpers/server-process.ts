import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { createTestDatabase, databaseUrlFor } from './test-db.ts';

/** The server workspace, where `src/main.ts` runs from. */
export const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * A database for server processes this test file starts itself (`src/main.ts`, as `npm start`
 * runs it): a fresh PostgreSQL database when the run has DATABASE_URL, else an empty folder for
 * the embedded one. `cleanup` drops or deletes it.
 */
export const databaseForProcesses = async (): Promise<{
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}> => {
  const template = inject('dbTemplate');
  if (template.kind === 'pg') {
    const database = await createTestDatabase();
    return {
      env: { DATABASE_URL: databaseUrlFor(template.adminUrl, database.name) },
      cleanup: database.close,
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendo-process-'));
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
};

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
};

/** Starts `src/main.ts` with `env` and resolves once it prints its URL. */
export const startServerProcess = async (env: Record<string, string>): Promise<ServerProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
  return { child, url, exited, output: () => output };
};

/**
 * For a test file whose server processes share one database: prepares it before the tests,
 * removes it after, and answers a getter of the environment (the database's plus `extra`).
 */
export const processEnvironment = (
  extra: Record<string, string>,
): (() => Record<string, string>) => {
  let env: Record<string, string> | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await databaseForProcesses();
    cleanup = database.cleanup;
    env = { ...database.env, ...extra };
  });
  afterAll(async () => {
    await cleanup?.();
  });
  return () => {
    if (!env) throw new Error('the environment is ready only once the tests run');
    return env;
  };
};
