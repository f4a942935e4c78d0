// drizzle-kit is hoisted to the root node_modules while drizzle-orm stays in server/node_modules
// (npm's choice), and drizzle-kit imports drizzle-orm by name. Link it for the duration of the run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const rootLink = path.resolve(here, '../../node_modules/drizzle-orm');
const target = path.resolve(here, '../node_modules/drizzle-orm');
const linked = !fs.existsSync(rootLink) && fs.existsSync(target);
if (linked) fs.symlinkSync(target, rootLink, 'dir');
try {
  const result = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], {
    cwd: path.resolve(here, '..'),
    stdio: 'inherit',
  });
  process.exitCode = result.status ?? 1;
} finally {
  if (linked) fs.unlinkSync(rootLink);
}
