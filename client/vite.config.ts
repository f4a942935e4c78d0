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
    name: 'vendo-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
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

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    // scripts/bundle-size.mjs reads the manifest to measure each route's JavaScript.
    manifest: true,
    target: 'es2022',
  },
  test: {
    name: 'client',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
