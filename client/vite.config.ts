import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * First screens (decision 0016): for the pages people open first, the modules their first paint
 * needs beyond the main bundle. After the build these become dist/.vite/first-screens.json (the
 * files, with their static imports and CSS); the server puts them in the page as modulepreload
 * and stylesheet links, so they download right after the HTML, together with the main bundle,
 * instead of one after the other. The first pattern a path matches (case-insensitively) wins;
 * `/` (a visitor's landing page) needs only the main bundle.
 */
const APP = 'src/app/app.tsx';
const ACCOUNT = [
  'src/app/account-routes.tsx',
  'src/features/profile/components/profile-layout.tsx',
];
const FIRST_SCREENS: { name: string; path: string; modules: string[] }[] = [
  {
    name: 'login',
    path: '^/login/?$',
    modules: [APP, 'src/features/auth/components/login-page.tsx'],
  },
  {
    name: 'register',
    path: '^/register(/[^/]+)?/?$',
    modules: [APP, 'src/features/auth/components/register-page.tsx'],
  },
  {
    name: 'prices',
    path: '^/pricelist/?$',
    modules: [APP, 'src/features/prices/components/price-list-page.tsx'],
  },
  {
    name: 'developers',
    path: '^/developers/?$',
    modules: [APP, 'src/features/developers/components/developers-page.tsx'],
  },
  {
    name: 'dashboard',
    path: '^/profile/?$',
    modules: [APP, ...ACCOUNT, 'src/features/profile/components/dashboard-page.tsx'],
  },
  { name: 'account', path: '^/profile/', modules: [APP, ...ACCOUNT] },
  { name: 'other', path: '^/.', modules: [APP] },
];

type TManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * Fails the build when chunks import each other in a circle. The bundler can emit such a pair,
 * and then the one evaluated first reads the other's exports before they exist: the app does not
 * start ("… is not a function"), and nothing but a browser notices. Seen once, when the menu
 * imported the HTTP client directly.
 */
const assertNoChunkCycles = (manifest: TManifest) => {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, trail: string[]) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'open') {
      const circle = [...trail.slice(trail.indexOf(key)), key].map((k) => manifest[k]?.file ?? k);
      throw new Error(`chunks import each other in a circle: ${circle.join(' -> ')}`);
    }
    state.set(key, 'open');
    manifest[key]?.imports?.forEach((next) => visit(next, [...trail, key]));
    state.set(key, 'done');
  };
  Object.keys(manifest).forEach((key) => visit(key, []));
};

/** Writes dist/.vite/first-screens.json from the build's manifest (see FIRST_SCREENS). */
const writeFirstScreens = (outDir: string) => {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as TManifest;
  assertNoChunkCycles(manifest);
  const screens = FIRST_SCREENS.map(({ name, path: pattern, modules }) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      if (!manifest[key]) throw new Error(`first screen ${name}: ${key} is not in the build`);
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    modules.forEach(visit);
    const chunks = [...seen].map((key) => manifest[key]!);
    return {
      name,
      path: pattern,
      js: chunks.map((chunk) => `/${chunk.file}`),
      css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
    };
  });
  fs.writeFileSync(path.join(outDir, '.vite/first-screens.json'), JSON.stringify(screens));
};

/**
 * Precompression (decision 0016): once the build is written, every text file of dist/ gets a
 * `.br` (brotli, best quality) and a `.gz` (gzip level 9) beside it, kept only when smaller;
 * not index.html, which the server fills with the page's public data and compresses itself.
 * The server picks one per Accept-Encoding (express-static-gzip), so no request compresses a
 * file. Node's own zlib does the encoding.
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? files(path.join(dir, entry.name))
          : TEXT_FILE.test(entry.name)
            ? [path.join(dir, entry.name)]
            : [],
      );
  return {
    name: 'vendo-first-screens-and-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      writeFirstScreens(outDir);
      const write = async (file: string, raw: Buffer, packed: Buffer, extension: string) => {
        if (packed.length < raw.length) await fs.promises.writeFile(`${file}.${extension}`, packed);
      };
      await Promise.all(
        files(outDir)
          .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`))
          .filter((file) => file !== path.join(outDir, 'index.html'))
          .map(async (file) => {
            const raw = await fs.promises.readFile(file);
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzip(raw, { level: 9 }),
            ]);
            await Promise.all([write(file, raw, br, 'br'), write(file, raw, gz, 'gz')]);
          }),
      );
    },
  };
};

// Same origin in production; in development Vite forwards API and sandbox calls to the server.
const apiTarget = process.env.VENDO_API_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/sandbox': { target: apiTarget, changeOrigin: true },
};

/**
 * Chunks (decision 0016). The bundler's default gives every module shared by two routes its own
 * chunk: a route's first load was some twenty small files, more requests than the browser opens
 * connections. Shared code is grouped instead, by what needs it:
 * - api: RTK Query, axios and every endpoint module (~37 KB): any screen that calls the API;
 *   also lib/use-form.ts (every form sends a call, and it reads the call's error: in `core` it
 *   would make core and api import each other);
 * - validation: zod and the shared schemas: screens with a form;
 * - core: the router, the store, the layout and the shared UI pieces: every route but a
 *   visitor's landing page, which stays in the main bundle without them (app/landing-shell.tsx).
 * A route's own module (imported dynamically) keeps its own chunk.
 * Modules of the main bundle are left where they are (LANDING): grouping one of them would pull
 * its whole group into the landing page's first load.
 */
const LANDING =
  /src[\\/](main\.tsx|app[\\/]landing-shell\.tsx|features[\\/]landing[\\/]components[\\/](landing-page|site-footer|service-cards|faq-accordion|faq-content)\.tsx?|components[\\/]ui[\\/](app-link|brand|icon|public-icons)\.tsx?|components[\\/]layout[\\/](chat-link|skip-link)\.tsx|lib[\\/](session-storage|local-storage|page-data)\.ts|styles[\\/])/;
const GROUPS: { name: string; test: RegExp }[] = [
  {
    name: 'api',
    test: /node_modules[\\/](axios|@reduxjs[\\/]toolkit[\\/]dist[\\/]query|@standard-schema)[\\/]|src[\\/](lib[\\/](api|http-client|api-error|use-form|[\w-]+\.api)\.ts|features[\\/][\w-]+[\\/]api[\\/]|components[\\/]ui[\\/]wallet-balance\.tsx)/,
  },
  {
    name: 'validation',
    test: /node_modules[\\/]zod[\\/]|shared[\\/]src[\\/](schemas[\\/]|zod\.ts)|src[\\/]lib[\\/]validation\.ts/,
  },
  {
    name: 'core',
    test: /node_modules[\\/](react-router|react-router-dom|react-redux|redux|redux-thunk|immer|reselect|use-sync-external-store)[\\/]|node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/][\w.-]+\.mjs$|src[\\/](app|components|lib)[\\/]|shared[\\/]src[\\/]\w+\.ts/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [precompress()])],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  // The server rendering bundle (decision 0022: `vite build --ssr src/entry-server.tsx`, into
  // dist/.ssr/) carries its dependencies, so the server needs none of the client's packages.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: isSsrBuild
    ? { target: 'node20', copyPublicDir: false, emptyOutDir: true }
    : {
        // scripts/bundle-size.mjs reads the manifest to measure each route's JavaScript.
        manifest: true,
        target: 'es2022',
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Only the modules named below: their own imports (React …) stay where they were.
              includeDependenciesRecursively: false,
              groups: [
                {
                  // A route's own module (a dynamic import) keeps its chunk; so does the main bundle.
                  name: (id, ctx) =>
                    LANDING.test(id) || ctx.getModuleInfo(id)?.dynamicImporters.length
                      ? null
                      : (GROUPS.find(({ test }) => test.test(id))?.name ?? null),
                },
              ],
            },
          },
        },
      },
  test: {
    name: 'client',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
