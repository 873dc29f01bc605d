import { Redis } from 'ioredis';

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/** Fixed-window counters: per process in memory by default, shared through Redis when configured. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = now() + 60_000;
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      if (t > sweepAt) {
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
        sweepAt = t + 60_000;
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    async close() {
      windows.clear();
    },
  };
}

export function redisRateLimiter(url: string, prefix = 'starport:rl:'): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, limit, windowSeconds) {
      const k = prefix + key;
      // One round trip: count the hit, start the window on the first one, read what is left.
      const results = await redis.multi().incr(k).pexpire(k, windowSeconds * 1000, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const pttl = Number(results?.[2]?.[1] ?? windowSeconds * 1000);
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(pttl, 0) / 1000)) };
    },
    async close() {
      await redis.quit();
    },
  };
}
