// `npm run db:to-postgres -- postgres://… [--data-dir DIR]`: runs the server's copy command on the
// data folder `npm start` uses (DATA_DIR, else data/ here); a relative --data-dir is taken from
// where npm was started.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const callerDir = process.env.INIT_CWD ?? process.cwd();
const args = process.argv
  .slice(2)
  .map((arg, i, all) =>
    all[i - 1] === '--data-dir'
      ? path.resolve(callerDir, arg)
      : arg.startsWith('--data-dir=')
        ? `--data-dir=${path.resolve(callerDir, arg.slice('--data-dir='.length))}`
        : arg,
  );
const child = spawn(
  process.execPath,
  ['--import', 'tsx', 'src/scripts/db-to-postgres.ts', ...args],
  {
    cwd: path.join(root, 'server'),
    stdio: 'inherit',
    env: {
      ...process.env,
      // As `npm start` passes it (scripts/start.mjs), so both open the same folder.
      DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
