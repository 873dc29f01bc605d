import { referralReward } from '@starport/schemas';
import type { Tx } from '../../db/client.ts';
import { referrerOf } from '../accounts/index.ts';
import { creditReferralReward } from '../assets/index.ts';
import { readReferralShare } from './referral-share.ts';

export type PaidOrderForReferral = { orderId: number; buyerId: string; volumeMicro: bigint; items: number };

/**
 * Rewards the buyer's referrer for one paid order, in the fulfilment's transaction: the share
 * in force of what the order charged. An order is rewarded at most once (its id is the key), a
 * buyer without a referrer rewards nobody, and a zero reward is not recorded.
 */
export async function rewardReferrer(tx: Tx, order: PaidOrderForReferral): Promise<{ referrerId: string; rewardMicro: bigint } | null> {
  const referrerId = await referrerOf(tx, order.buyerId);
  if (!referrerId) return null;
  const shareBps = await readReferralShare(tx);
  const rewardMicro = referralReward(order.volumeMicro, shareBps);
  if (rewardMicro === 0n) return null;
  const { credited } = await creditReferralReward(tx, { referrerId, buyerId: order.buyerId, orderId: order.orderId, volumeMicro: order.volumeMicro, items: order.items, shareBps, rewardMicro });
  return credited ? { referrerId, rewardMicro } : null;
}
