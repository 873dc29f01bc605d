import { describe, expect, it } from 'vitest';
import { CRYPTO_VERIFY_MAX_ATTEMPTS, recheckDelayMs } from './crypto-verify-job.ts';

describe('crypto.verify: how often an unsettled transfer is looked at again', () => {
  it('starts within seconds (a block or two) and grows to a minute at most', () => {
    expect(recheckDelayMs(1)).toBe(3_000);
    expect(recheckDelayMs(2)).toBe(4_500);
    expect(recheckDelayMs(5)).toBeLessThan(20_000);
    expect(recheckDelayMs(50)).toBe(60_000);
  });

  it('keeps looking past the longest quote (24 h) and its 15-minute grace before the tries run out', () => {
    let total = 0;
    for (let attempt = 1; attempt < CRYPTO_VERIFY_MAX_ATTEMPTS; attempt++) total += recheckDelayMs(attempt) * 0.8; // jitter's low end
    expect(total).toBeGreaterThan((24 * 60 + 15) * 60_000);
  });
});
