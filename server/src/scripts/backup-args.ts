/**
 * What `npm run backup` and `npm run restore` share: their arguments, the data folder they act
 * on, and their refusal on PostgreSQL.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { commandLinePaths } from '../config-commands.ts';

export class UsageError extends Error {}

/** `FILE [--data-dir DIR]`, resolved as the operator meant them (config-commands.ts). */
export const parseBackupArgs = (
  command: 'backup' | 'restore',
  argv: string[],
): { file: string; dataDir: string } => {
  const usage = `usage: npm run ${command} -- FILE [--data-dir DIR]`;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { 'data-dir': { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(usage);
  const { cwd, dataDir } = commandLinePaths();
  const given = values['data-dir'];
  return {
    file: path.resolve(cwd, positionals[0]!),
    dataDir: given ? path.resolve(cwd, given) : dataDir,
  };
};

/** The message with which both commands refuse a PostgreSQL database (DATABASE_URL set). */
export const postgresRefusal = (command: 'backup' | 'restore'): string =>
  `npm run ${command} is for the embedded database (PGlite). DATABASE_URL is set, so the data ` +
  `is on a PostgreSQL server, and this command does not ${command === 'backup' ? 'back it up' : 'restore it'}: use PostgreSQL's own ` +
  `tools, pg_dump -Fc and pg_restore for a copy, a base backup with WAL archiving for ` +
  `point-in-time recovery. The recipe is in docs/operations.md, "Backups".`;
