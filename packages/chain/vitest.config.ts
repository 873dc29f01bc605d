import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'chain',
    root: new URL('.', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    // Each file starts its own anvil; deployments and solc-js need more than the default 5 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
