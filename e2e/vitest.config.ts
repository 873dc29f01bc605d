import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    // the embedded database migrated once per run, copied by each server (fixtures/data-template.ts)
    globalSetup: ['fixtures/data-template.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll returns when its condition holds; its default bound (1 s) is a timing bet
    expect: { poll: { timeout: 60_000 } },
    // One browser and one server at a time: the machine has two cores.
    fileParallelism: false,
  },
});
