import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { DATABASE_INDEPENDENT_E2E } from './database-independent-e2e.mjs';

const e2e = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../e2e');

test('every e2e file said to run once per tree exists (a renamed one would otherwise run on both databases unnoticed)', () => {
  for (const file of DATABASE_INDEPENDENT_E2E) expect(existsSync(path.join(e2e, file)), file).toBe(true);
});
