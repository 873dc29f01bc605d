import { tooManyRequests } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

const WINDOW_SECONDS = 15 * 60;

/** Sign-in attempts per window: [hits, seconds] (docs/decisions/0026-login-limits.md). */
export const LOGIN_LIMITS = {
  /** one caller's guesses at one account, by e-mail and username together */
  perAccountAndAddress: [10, WINDOW_SECONDS],
  /** every stranger's guesses at one account together; an address it signed in from is exempt */
  perAccount: [30, WINDOW_SECONDS],
  /** one caller's attempts at any accounts */
  perAddress: [30, WINDOW_SECONDS],
} as const satisfies Record<string, readonly [number, number]>;

/** How long an address an account signed in from counts as the owner's. */
export const FAMILIAR_ADDRESS_SECONDS = 30 * 24 * 3600;

/**
 * Who is counted: an account by its id, whether it was named by e-mail or by username; a login
 * that names no account by that login itself, so guessing at it is limited just the same and
 * the answers do not tell the two apart (docs/decisions/0007-account-enumeration.md).
 */
export type LoginTarget = { accountId: string } | { unknownLogin: string };

const targetKey = (t: LoginTarget) => ('accountId' in t ? `account:${t.accountId}` : `unknown:${t.unknownLogin}`);

/**
 * The sign-in limits. A stranger's failures use up their own address's guesses at the account
 * and the account's shared ceiling, never the owner's: the owner's address has its own count,
 * and an address the account signed in from before is not held to the ceiling.
 */
export class LoginLimits {
  constructor(private readonly limiter: RateLimiter) {}

  /** Counts the address's attempt; call before anything else happens. */
  async address(ip: string): Promise<void> {
    await this.check(`login:ip:${ip}`, LOGIN_LIMITS.perAddress);
  }

  /** Counts an attempt at an account from an address; call before the password is checked. */
  async attempt(target: LoginTarget, ip: string): Promise<void> {
    const key = targetKey(target);
    await this.check(`login:${key}:ip:${ip}`, LOGIN_LIMITS.perAccountAndAddress);
    if (!(await this.limiter.remembers(familiarKey(key, ip)))) await this.check(`login:${key}`, LOGIN_LIMITS.perAccount);
  }

  /** A correct password from this address: it is the owner's from now on. */
  async succeeded(accountId: string, ip: string): Promise<void> {
    await this.limiter.remember(familiarKey(targetKey({ accountId }), ip), FAMILIAR_ADDRESS_SECONDS);
  }

  private async check(key: string, [hits, seconds]: readonly [number, number]) {
    const decision = await this.limiter.hit(key, hits, seconds);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }
}

const familiarKey = (target: string, ip: string) => `login-familiar:${target}:ip:${ip}`;
