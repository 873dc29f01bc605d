import { DEFAULT_REFERRAL_SHARE_BPS } from '@starport/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { readSetting, writeSetting } from '../../db/settings.ts';
import { badRequest } from '../../lib/app-error.ts';

/** The settings key of the share a referrer earns, in basis points (admin CLI: set-referral-share). */
export const REFERRAL_SHARE_KEY = 'referral_share_bps';

const isShare = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 10_000;

/** The share in force: the stored one, or the default while none (or a broken one) is stored. */
export async function readReferralShare(db: DbOrTx): Promise<number> {
  const stored = await readSetting(db, REFERRAL_SHARE_KEY);
  return isShare(stored) ? stored : DEFAULT_REFERRAL_SHARE_BPS;
}

/** Sets the share for orders paid from now on; rewards already credited keep theirs. */
export async function setReferralShare(db: DbOrTx, bps: number): Promise<void> {
  if (!isShare(bps)) throw badRequest('The referral share must be a whole number of basis points from 0 to 10000.');
  await writeSetting(db, REFERRAL_SHARE_KEY, bps);
}
