import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileContracts, renderGenerated } from '../src/compiler.ts';

describe('generated ABIs and bytecode', () => {
  it('match a fresh solc-js compilation of contracts/*.sol (run `npm run compile -w @starport/chain` if not)', () => {
    const fresh = renderGenerated(compileContracts());
    for (const [name, text] of Object.entries(fresh)) {
      const checkedIn = readFileSync(new URL(`../src/generated/${name}`, import.meta.url), 'utf8');
      expect(checkedIn === text, `src/generated/${name} is stale`).toBe(true);
    }
  });
});
