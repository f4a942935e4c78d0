import { defineConfig } from 'vitest/config';

// Playwright journeys (playwright-core driving Debian's Chromium) against the real server.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    // A poll waits for the server as a person would: a purchase answered in 3 s on a busy CI
    // machine is not a failure (vitest's default gives up after 1 s).
    expect: { poll: { timeout: 15_000 } },
  },
});
