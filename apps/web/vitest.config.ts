import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // above the 60 s bound of findBy/waitFor (src/test/setup.ts): a slow machine is not a failure
    testTimeout: 120_000,
    // expect.poll returns when its condition holds; its default bound (1 s) is a timing bet
    expect: { poll: { timeout: 60_000 } },
  },
});
