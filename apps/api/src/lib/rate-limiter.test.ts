import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './rate-limiter.ts';

describe('the memory rate limiter', () => {
  it('counts hits in a fixed window', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    expect(await limiter.hit('k', 2, 60)).toEqual({ allowed: true, retryAfterSeconds: 60 });
    expect((await limiter.hit('k', 2, 60)).allowed).toBe(true);
    expect(await limiter.hit('k', 2, 60)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now += 60_000;
    expect((await limiter.hit('k', 2, 60)).allowed).toBe(true);
  });

  it('remembers a key until it lapses, from the last time it was remembered', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    expect(await limiter.remembers('seen')).toBe(false);
    await limiter.remember('seen', 100);
    now += 99_000;
    expect(await limiter.remembers('seen')).toBe(true);
    await limiter.remember('seen', 100);
    now += 99_000;
    expect(await limiter.remembers('seen')).toBe(true);
    now += 1_000;
    expect(await limiter.remembers('seen')).toBe(false);
    // A later sweep drops it; remembering it again brings it back.
    now += 120_000;
    await limiter.hit('other', 1, 1);
    await limiter.remember('seen', 1);
    expect(await limiter.remembers('seen')).toBe(true);
  });
});
