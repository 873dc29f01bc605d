import type { MyRefResponse, ReferralRow } from '@starport/schemas';
import type { Db } from '../../db/client.ts';
import { iso, microToUsd } from '../../lib/money.ts';
import { referredPlayers } from '../accounts/index.ts';
import { referralRewardTotal, referralTotalsByBuyer } from '../assets/index.ts';
import { readReferralShare } from './referral-share.ts';

/** GET /api/my/ref: one page of the caller's referred players, with the caller's referral totals. */
export async function myReferrals(db: Db, userId: string, page: number, limit: number): Promise<MyRefResponse> {
  const { code, players, total } = await referredPlayers(db, userId, { limit, offset: (page - 1) * limit });
  const totals = await referralTotalsByBuyer(
    db,
    userId,
    players.map((p) => p.id),
  );
  const received = await referralRewardTotal(db, userId);
  const data = players.map((p): ReferralRow => {
    const t = totals.get(p.id);
    const vol = (t?.volumeMicro ?? 0n).toString();
    const earned = (t?.rewardMicro ?? 0n).toString();
    return {
      _id: p.id,
      username: p.username,
      joined_at: iso(p.joinedAt),
      vol: microToUsd(vol),
      vol_micro: vol,
      aff: p.referred,
      items: t?.items ?? 0,
      earned: microToUsd(earned),
      earned_micro: earned,
    };
  });
  return {
    error: false,
    data,
    total,
    page,
    limit,
    code,
    received: microToUsd(received.rewardMicro.toString()),
    received_micro: received.rewardMicro.toString(),
    orders: received.orders,
    volume: microToUsd(received.volumeMicro.toString()),
    volume_micro: received.volumeMicro.toString(),
    share_bps: await readReferralShare(db),
  };
}
