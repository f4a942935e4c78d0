/**
 * `npm run backup -- FILE [--data-dir DIR]`: a consistent copy of the embedded database into
 * FILE (a gzipped tarball of PGlite's data folder), without stopping the app: the app running on
 * the folder takes it when asked over its control socket (db/backup-channel.ts). With the app
 * stopped, the command opens the folder itself. Refuses on PostgreSQL (DATABASE_URL): see
 * docs/operations.md, "Backups".
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { DirLockedError } from '../db/dir-lock.ts';
import {
  AppNotListeningError,
  compressSnapshot,
  controlSocketPath,
  requestBackup,
} from '../db/backup-channel.ts';
import { parseBackupArgs, postgresRefusal, UsageError } from './backup-args.ts';

const fail = (message: string, code = 2): never => {
  console.error(`backup: ${message}`);
  process.exit(code);
};

const config = loadConfig();
if (config.databaseUrl) fail(postgresRefusal('backup'));
let args;
try {
  args = parseBackupArgs('backup', process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  fail(error.message);
}
const { file, dataDir } = args!;
if (fs.existsSync(file)) fail(`${file} exists already; name a new file (with the date, say)`);
if (!fs.existsSync(path.dirname(file))) fail(`the folder ${path.dirname(file)} does not exist`);
const pgdata = path.join(dataDir, 'pglite');
if (!fs.existsSync(path.join(pgdata, 'PG_VERSION')))
  fail(`there is no embedded database in ${dataDir} (set DATA_DIR or --data-dir)`);

const started = performance.now();
/** The running app's copy, else our own with the app stopped. */
const takeSnapshot = async (): Promise<{ tar: Buffer; source: string }> => {
  try {
    return { tar: await requestBackup(dataDir), source: 'taken by the running app' };
  } catch (error) {
    if (!(error instanceof AppNotListeningError)) throw error;
  }
  let database;
  try {
    database = await openPglite({ dataDir: pgdata });
  } catch (error) {
    if (!(error instanceof DirLockedError)) throw error;
    return fail(
      `${error.message}\nThat process does not answer on ${controlSocketPath(dataDir)} ` +
        `(see its log for "backup channel off"); stop it and run the backup again.`,
    );
  }
  try {
    const tar = Buffer.from(await (await database.snapshot!()).arrayBuffer());
    return { tar, source: 'app stopped' };
  } finally {
    await database.close();
  }
};

try {
  const { tar, source } = await takeSnapshot();
  const body = await compressSnapshot(tar);
  // Written beside FILE, flushed, then renamed: FILE is either whole or absent.
  const partial = `${file}.partial`;
  const fd = fs.openSync(partial, 'wx', 0o600);
  try {
    for (let at = 0; at < body.length;) at += fs.writeSync(fd, body, at);
    fs.fsyncSync(fd);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `backup: ${(body.length / 1024 / 1024).toFixed(1)} MB written to ${file} ` +
      `(${source}) in ${seconds} s`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error), 1);
}
