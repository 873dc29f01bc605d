import type { Redis as RedisClient } from 'ioredis';
import { loadWhenUsed } from './load-when-used.ts';

/** ioredis only when REDIS_URL is set: the embedded default counts in memory. */
const ioredis = loadWhenUsed<{ Redis: typeof RedisClient }>('ioredis');

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/**
 * Fixed-window counters: per process in memory by default, shared through Redis when configured.
 * The same store remembers keys for a while (an address an account signed in from), so a
 * limit can tell a familiar caller from a stranger.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  /** Remembers a key for `seconds` from now (again from now when remembered again). */
  remember(key: string, seconds: number): Promise<void>;
  /** True while a remembered key has not lapsed. */
  remembers(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const remembered = new Map<string, number>();
  let sweepAt = now() + 60_000;
  const sweep = (t: number) => {
    if (t <= sweepAt) return;
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
    for (const [k, until] of remembered) if (until <= t) remembered.delete(k);
    sweepAt = t + 60_000;
  };
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      sweep(t);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    async remember(key, seconds) {
      const t = now();
      sweep(t);
      remembered.set(key, t + seconds * 1000);
    },
    async remembers(key) {
      return (remembered.get(key) ?? 0) > now();
    },
    async close() {
      windows.clear();
      remembered.clear();
    },
  };
}

export function redisRateLimiter(url: string, prefix = 'starport:rl:'): RateLimiter {
  const redis = new (ioredis().Redis)(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, limit, windowSeconds) {
      const k = prefix + key;
      // One round trip: count the hit, start the window on the first one, read what is left.
      const results = await redis.multi().incr(k).pexpire(k, windowSeconds * 1000, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const pttl = Number(results?.[2]?.[1] ?? windowSeconds * 1000);
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(pttl, 0) / 1000)) };
    },
    async remember(key, seconds) {
      await redis.set(prefix + key, '1', 'PX', seconds * 1000);
    },
    async remembers(key) {
      return (await redis.exists(prefix + key)) === 1;
    },
    async close() {
      await redis.quit();
    },
  };
}
