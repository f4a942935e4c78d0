#!/usr/bin/env node
/**
 * Bundle budget check (`npm run bench:client`).
 *
 * Reads dist/.vite/manifest.json (building first when dist is missing) and prints gzipped sizes:
 * - the landing route's initial JavaScript: the entry chunk and everything it imports statically;
 * - each lazy chunk (every route but the landing page, plus deferred pieces such as the toasts):
 *   its own file plus the statically imported chunks that only it uses;
 * - the lazy chunks several routes share (RTK Query + axios, zod …), each on its own line;
 * - for information, what a first visit to each route downloads after the landing page, and
 *   what the first screens download in all (dist/.vite/first-screens.json: the main bundle and
 *   the chunks the server preloads for that page).
 * Exits 1 when the landing JS exceeds 80 KB or any lazy or shared chunk exceeds 60 KB.
 * Then `npm run bench:client` loads the pages in a throttled browser (scripts/slow-network.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const LANDING_BUDGET = 80 * KB;
const CHUNK_BUDGET = 60 * KB;

const clientDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(clientDir, 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.log('dist/ has no manifest: building the client first.\n');
  const build = spawnSync('npm', ['run', 'build'], { cwd: clientDir, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
const gzipSize = (file) => {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(join(distDir, file))).length);
  }
  return gzipCache.get(file);
};
const sum = (keys) => [...keys].reduce((total, key) => total + gzipSize(manifest[key].file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1).padStart(6)} KB`;
const label = (key) => manifest[key].src ?? manifest[key].name ?? key;

/** The chunk and every chunk it imports statically, transitively (what loading it costs). */
const closure = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
};

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('No entry chunk in the manifest.');
  process.exit(1);
}
const landing = closure(entryKey);
const landingBytes = sum(landing);

const lazyKeys = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .sort((a, b) => label(a).localeCompare(label(b)));

// For each lazy entry, the chunks it needs beyond the landing bundle.
const beyondLanding = new Map(
  lazyKeys.map((key) => [key, [...closure(key)].filter((chunk) => !landing.has(chunk))]),
);
// A chunk needed by more than one lazy entry is shared: reported once, on its own line.
const users = new Map();
for (const chunks of beyondLanding.values()) {
  for (const chunk of chunks) users.set(chunk, (users.get(chunk) ?? 0) + 1);
}
const isShared = (chunk) => (users.get(chunk) ?? 0) > 1 && !lazyKeys.includes(chunk);

let failed = false;
const check = (bytes, budget) => {
  if (bytes <= budget) return 'ok';
  failed = true;
  return `OVER BUDGET (${kb(budget).trim()})`;
};

console.log('Gzipped JavaScript (zlib default level 6), production build (dist/)\n');
console.log(`Landing route, initial JS (entry + static imports, ${landing.size} files)`);
console.log(`  ${kb(landingBytes)}  ${label(entryKey)}  ${check(landingBytes, LANDING_BUDGET)}\n`);

console.log('Lazy chunks (own file + imports only they use; budget 60 KB each)');
for (const key of lazyKeys) {
  const own = beyondLanding.get(key).filter((chunk) => !isShared(chunk));
  const bytes = sum(own);
  console.log(`  ${kb(bytes)}  ${label(key)}  ${check(bytes, CHUNK_BUDGET)}`);
}

const shared = [...users.keys()]
  .filter(isShared)
  .sort((a, b) => gzipSize(manifest[b].file) - gzipSize(manifest[a].file));
console.log(
  '\nShared lazy chunks (loaded once, by the first route that needs them; budget 60 KB each)',
);
for (const key of shared) {
  const bytes = gzipSize(manifest[key].file);
  console.log(
    `  ${kb(bytes)}  ${manifest[key].file}  (used by ${users.get(key)})  ${check(bytes, CHUNK_BUDGET)}`,
  );
}

console.log(
  '\nFirst visit to a route after the landing page (everything beyond the landing bundle)',
);
for (const key of lazyKeys) {
  console.log(`  ${kb(sum(beyondLanding.get(key)))}  ${label(key)}`);
}

const screensPath = join(distDir, '.vite', 'first-screens.json');
if (existsSync(screensPath)) {
  /** @type {{name: string, path: string, js: string[]}[]} */
  const screens = JSON.parse(readFileSync(screensPath, 'utf8'));
  const byFile = new Map(Object.keys(manifest).map((key) => [`/${manifest[key].file}`, key]));
  console.log(
    '\nFirst screens: all the JavaScript of a first load (main bundle + what the page preloads)',
  );
  console.log(`  ${kb(landingBytes)}  ${String(landing.size).padStart(2)} files  / (a visitor)`);
  for (const screen of screens) {
    const keys = new Set([...landing, ...screen.js.map((file) => byFile.get(file))]);
    console.log(
      `  ${kb(sum(keys))}  ${String(keys.size).padStart(2)} files  ${screen.name} (${screen.path})`,
    );
  }
}

// Chunks that import each other in a loop can evaluate one before the other is ready ("x is not a
// function" at load): the code-splitting groups in vite.config.ts must never make one.
const cycleFrom = (key, path = []) => {
  if (path.includes(key)) return [...path.slice(path.indexOf(key)), key];
  for (const imported of manifest[key].imports ?? []) {
    const found = cycleFrom(imported, [...path, key]);
    if (found) return found;
  }
  return null;
};
const cycle = Object.keys(manifest)
  .map((key) => cycleFrom(key))
  .find(Boolean);
if (cycle) {
  console.log(`\nChunks import each other in a loop: ${cycle.map(label).join(' → ')}`);
  failed = true;
}

console.log(failed ? '\nOver budget.' : '\nAll within budget.');
process.exit(failed ? 1 : 0);
