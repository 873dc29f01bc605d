import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { queueEmail } from '../../mail/queue-email.ts';
import { resetPasswordMail } from '../../mail/templates.ts';
import * as repo from './accounts.repo.ts';

export const PASSWORD_RESET_REQUEST_JOB = 'password-reset-request';
export const RESET_TTL_MS = 3600 * 1000;

const PayloadSchema = z.object({ email: z.string() });

/**
 * Looks the address up and mails a reset link when an account uses it. Key and mail are
 * written in one transaction, so a rerun after a crash either finds nothing done or all done.
 */
export function passwordResetRequestJob(config: Config): JobHandler {
  return async (payload, { db }) => {
    const { email } = PayloadSchema.parse(payload);
    const user = await repo.findUserByEmail(db, email);
    if (!user?.email) return;
    const address = user.email;
    await db.transaction(async (tx) => {
      const key = randomToken();
      await repo.retireLiveKeys(tx, user.id, 'reset');
      await repo.insertKey(tx, {
        keyHash: sha256(key),
        userId: user.id,
        purpose: 'reset',
        email: address,
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      await queueEmail(tx, 'password-reset', address, resetPasswordMail(config.publicUrl, user.username, key));
    });
  };
}
