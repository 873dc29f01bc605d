import { defineConfig } from 'vitest/config';

/** Unit, API and component tests of every workspace; end-to-end tests have their own config. */
export default defineConfig({
  test: {
    projects: ['apps/api/vitest.config.ts', 'apps/web/vitest.config.ts', 'packages/schemas/vitest.config.ts'],
  },
});
