import type { Config } from './config.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { outboxTransport, smtpTransport, type MailTransport } from './mail/transport.ts';

/** The embedded default or its production twin, chosen by configuration. */
export function chooseRateLimiter(config: Config): RateLimiter {
  return config.redisUrl ? redisRateLimiter(config.redisUrl, `${config.redisKeyPrefix}rl:`) : memoryRateLimiter();
}

export function chooseMailTransport(config: Config): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport();
}
