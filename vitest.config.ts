import { defineConfig } from 'vitest/config';

// One runner for every package, so `npm test` prints one summary.
export default defineConfig({
  test: {
    projects: ['shared', 'server', 'client', 'server/vitest.system.config.ts'],
  },
});
