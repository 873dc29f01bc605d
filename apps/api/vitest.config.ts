import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // the embedded database migrated once per run; each test's PGlite copies it (test-database.ts)
    globalSetup: ['test/database-template.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll returns when its condition holds; its default bound (1 s) is a timing bet
    expect: { poll: { timeout: 60_000 } },
  },
});
