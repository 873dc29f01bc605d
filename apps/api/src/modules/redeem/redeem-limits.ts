import { tooManyRequests } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

const WINDOW_SECONDS = 15 * 60;

/**
 * Redeem attempts per window, [hits, seconds]: a player's tries (so a script behind one
 * account cannot walk through codes), and an address's tries across accounts (so it cannot
 * walk through them with many). Every attempt counts, right or wrong, as with sign-in.
 */
export const REDEEM_LIMITS = {
  perPlayer: [10, WINDOW_SECONDS],
  perAddress: [30, WINDOW_SECONDS],
} as const satisfies Record<string, readonly [number, number]>;

export class RedeemLimits {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts an attempt; call before the code is looked up. */
  async attempt(userId: string, ip: string): Promise<void> {
    await this.check(`redeem:ip:${ip}`, REDEEM_LIMITS.perAddress);
    await this.check(`redeem:user:${userId}`, REDEEM_LIMITS.perPlayer);
  }

  private async check(key: string, [hits, seconds]: readonly [number, number]) {
    const decision = await this.limiter.hit(key, hits, seconds);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }
}
