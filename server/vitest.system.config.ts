import { defineConfig } from 'vitest/config';

/**
 * Tests that need Debian's tools (a private PostgreSQL server of their own): they run with
 * `npm run test:system` (SYSTEM_TESTS=1), CI's own step for them; `npm test` lists them skipped.
 */
export default defineConfig({
  test: {
    name: 'system',
    environment: 'node',
    include: ['test/system/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
