import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';

/**
 * What players earn from the players they referred (referral_rewards): one row per paid order
 * of a referred player. The order is the unique key, so an order is rewarded once however
 * often its fulfilment runs. The share is decided by the referrals area; this only keeps it.
 */

export type ReferralRewardCredit = {
  referrerId: string;
  buyerId: string;
  orderId: number;
  volumeMicro: bigint;
  items: number;
  shareBps: number;
  rewardMicro: bigint;
};

/** Records one order's reward; `credited` is false when this order was rewarded before. */
export async function creditReferralReward(tx: Tx, c: ReferralRewardCredit): Promise<{ credited: boolean }> {
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO referral_rewards (referrer_id, buyer_id, order_id, volume_micro, items, share_bps, reward_micro)
        VALUES (${c.referrerId}, ${c.buyerId}, ${c.orderId}, ${c.volumeMicro.toString()}::bigint, ${c.items},
                ${c.shareBps}, ${c.rewardMicro.toString()}::bigint)
        ON CONFLICT (order_id) DO NOTHING RETURNING id::text AS id`,
  );
  return { credited: inserted.length > 0 };
}

export type ReferredTotals = { volumeMicro: bigint; items: number; rewardMicro: bigint; orders: number };

/** For each of these referred players, what their paid orders brought the referrer. */
export async function referralTotalsByBuyer(db: DbOrTx, referrerId: string, buyerIds: string[]): Promise<Map<string, ReferredTotals>> {
  if (buyerIds.length === 0) return new Map();
  const rows = await queryRows<{ buyer_id: string; volume: string; items: string | number; reward: string; orders: string | number }>(
    db,
    sql`SELECT buyer_id::text AS buyer_id, sum(volume_micro)::text AS volume, sum(items) AS items,
               sum(reward_micro)::text AS reward, count(*) AS orders
        FROM referral_rewards
        WHERE referrer_id = ${referrerId} AND buyer_id IN (${sql.join(
          buyerIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        GROUP BY buyer_id`,
  );
  return new Map(
    rows.map((r) => [
      r.buyer_id,
      { volumeMicro: BigInt(r.volume), items: Number(r.items), rewardMicro: BigInt(r.reward), orders: Number(r.orders) },
    ]),
  );
}

/** Everything the player has earned from referrals, from how many orders, and what those orders charged. */
export async function referralRewardTotal(db: DbOrTx, referrerId: string): Promise<{ rewardMicro: bigint; volumeMicro: bigint; orders: number }> {
  const [row] = await queryRows<{ reward: string | null; volume: string | null; n: string | number }>(
    db,
    sql`SELECT sum(reward_micro)::text AS reward, sum(volume_micro)::text AS volume, count(*) AS n
        FROM referral_rewards WHERE referrer_id = ${referrerId}`,
  );
  return { rewardMicro: BigInt(row?.reward ?? 0), volumeMicro: BigInt(row?.volume ?? 0), orders: Number(row?.n ?? 0) };
}
