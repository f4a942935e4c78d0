import path from 'node:path';
import { loadConfig, type Config } from './config.ts';

/**
 * Paths for the command-line scripts an operator runs through npm at the repository's root
 * (`npm run backup`, `npm run restore`). npm runs a workspace's script in the workspace's folder
 * and names the folder the command was typed in INIT_CWD, so a relative path the operator gives
 * is resolved against that. The data folder is the one `npm start` opens: DATA_DIR when set
 * (resolved in the server folder, where `npm start` runs the app), else the repository's `data`.
 */
export const commandLinePaths = (
  env: NodeJS.ProcessEnv = process.env,
): { cwd: string; dataDir: string } => ({
  cwd: env.INIT_CWD || process.cwd(),
  dataDir: env.DATA_DIR
    ? path.resolve(import.meta.dirname, '..', env.DATA_DIR)
    : path.resolve(import.meta.dirname, '../../data'),
});

/**
 * The settings for a command an operator types (`npm run ledger:verify`, `reconcile:suppliers`):
 * loadConfig's, with the data folder `npm start` opens (commandLinePaths), not the server's ./data.
 */
export const loadCommandConfig = (env: NodeJS.ProcessEnv = process.env): Config =>
  loadConfig({ ...env, DATA_DIR: commandLinePaths(env).dataDir });
