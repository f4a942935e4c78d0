import { readFileSync } from 'node:fs';
import path from 'node:path';
import { routeTable } from '../../src/api/table.ts';

/**
 * The routes the app mounts, read from the sources (no Express internals): server/src/app.ts's
 * `api.use('/prefix', fooRoutes(ctx), …)` / `app.use(…)` (a factory from a static import or an
 * `import('./x.routes.ts').then((m) => m.fooRoutes(ctx))`) and `api.METHOD('/path'`, and in each
 * `*.routes.ts` the `router.METHOD('/path'` declarations of each router factory. Calls may span
 * lines. A router mounting another router on a path is refused rather than missed.
 */

export type MountedRoute = { method: string; path: string; file: string };

const SRC = path.resolve(import.meta.dirname, '../../src');
const METHODS = 'get|post|put|patch|delete';

/** The text of a call starting at `start` (an opening parenthesis), balanced, strings skipped. */
const callText = (source: string, start: number): string => {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < source.length; i += 1) {
    const ch = source[i]!;
    if (quote) {
      if (ch === '\\') i += 1;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth === 0) return source.slice(start + 1, i);
    }
  }
  throw new Error(`Unbalanced call at ${start}`);
};

/**
 * `import { a, b } from './x.ts'` → a, b → absolute file (relative imports only), and the
 * factories of routers imported on demand.
 */
const importsOf = (source: string, fromFile: string): Map<string, string> => {
  const map = new Map<string, string>();
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']+)'/g)) {
    const file = path.resolve(path.dirname(fromFile), m[2]!);
    for (const name of m[1]!.split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (local) map.set(local, file);
    }
  }
  // A router imported on demand: `import('./x.routes.ts').then((m) => m.fooRoutes(ctx))`.
  for (const m of source.matchAll(
    /import\(\s*'(\.[^']+)'\s*\)\.then\(\s*\(?(\w+)\)?\s*=>\s*\2\.(\w+)\(/g,
  )) {
    map.set(m[3]!, path.resolve(path.dirname(fromFile), m[1]!));
  }
  return map;
};

/** `/api/v1` + `/admin` + `/users/:id` → `/api/v1/admin/users/{id}`, no trailing slash. */
export const joinPath = (...parts: string[]): string => {
  const joined = `/${parts.join('/')}`.replace(/\/{2,}/g, '/').replace(/\/$/, '') || '/';
  return joined.replace(/:(\w+)/g, '{$1}');
};

/** The body of `export const name = …` up to the next top-level export. */
const factoryBody = (source: string, name: string, file: string): string => {
  const start = source.search(new RegExp(`export const ${name}\\b`));
  if (start < 0) throw new Error(`${name} is not exported by ${file}`);
  const next = source.slice(start + 1).search(/\nexport /);
  return next < 0 ? source.slice(start) : source.slice(start, start + 1 + next);
};

const routesOfFactory = (file: string, name: string, base: string): MountedRoute[] => {
  const body = factoryBody(readFileSync(file, 'utf8'), name, file);
  const nested = /router\.use\(\s*['"`]/.exec(body);
  if (nested) {
    throw new Error(
      `${file}: ${name} mounts a router on a path; teach mounted-routes.ts to follow it`,
    );
  }
  const routes: MountedRoute[] = [];
  for (const m of body.matchAll(new RegExp(`router\\.(${METHODS})\\(\\s*'([^']*)'`, 'g'))) {
    routes.push({
      method: m[1]!,
      path: joinPath(base, m[2]!),
      file: path.relative(SRC, file),
    });
  }
  return routes;
};

/**
 * Every route app.ts mounts, with its full path (`/api/v1/…`). Routers mounted under an
 * `exclude` prefix are not read: their mount paths come back in `excluded`.
 */
export const mountedRoutes = ({ exclude = [] }: { exclude?: string[] } = {}): {
  routes: MountedRoute[];
  excluded: string[];
} => {
  const appFile = path.join(SRC, 'app.ts');
  const source = readFileSync(appFile, 'utf8');
  const imports = importsOf(source, appFile);
  const bases: Record<string, string> = { api: '/api/v1', app: '' };
  // The API router's own mount: app.use('/api/v1', compress(), api).
  if (!/app\.use\(\s*'\/api\/v1',.*?\bapi\);/.test(source.replace(/\s+/g, ' '))) {
    throw new Error("app.ts no longer mounts the API router at '/api/v1'");
  }
  const routes: MountedRoute[] = [];
  const excluded: string[] = [];
  for (const m of source.matchAll(new RegExp(`\\b(api|app)\\.(use|${METHODS})\\(`, 'g'))) {
    const [, owner, verb] = m as unknown as [string, 'api' | 'app', string];
    const args = callText(source, m.index + m[0].length - 1);
    const prefix = /^\s*'([^']*)'/.exec(args)?.[1];
    if (verb !== 'use') {
      if (prefix === undefined) throw new Error(`${owner}.${verb} without a literal path`);
      routes.push({ method: verb, path: joinPath(bases[owner]!, prefix), file: 'app.ts' });
      continue;
    }
    const base = joinPath(bases[owner]!, prefix ?? '');
    for (const call of args.matchAll(/\b(\w+)\(/g)) {
      const file = imports.get(call[1]!);
      if (!file?.endsWith('.routes.ts')) continue;
      if (exclude.some((p) => base === p || base.startsWith(`${p}/`))) excluded.push(base);
      else routes.push(...routesOfFactory(file, call[1]!, base));
    }
  }
  // The route table's routes, mounted by construction (api/mount.ts).
  for (const route of routeTable) {
    if (route.sandboxOnly) continue;
    routes.push({
      method: route.method,
      path: joinPath('/api/v1', route.path),
      file: 'api/table.ts',
    });
  }
  return { routes, excluded };
};
