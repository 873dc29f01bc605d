import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file makes its own database; argon2 and PGlite are CPU-bound, the machine has 2 cores.
    maxWorkers: 2,
  },
});
