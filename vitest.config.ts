import { defineConfig } from 'vitest/config';

/** Unit, API and component tests of every workspace; end-to-end tests have their own config. */
export default defineConfig({
  test: {
    // Each API test file makes its own database; argon2 and PGlite are CPU-bound on 2 cores.
    maxWorkers: 2,
    projects: [
      'apps/api/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'packages/schemas/vitest.config.ts',
      'packages/chain/vitest.config.ts',
      // the repository itself: its manifest and scripts
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
