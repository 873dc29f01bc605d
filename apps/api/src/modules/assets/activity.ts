import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { activityOrder, olderThan, type ActivityEntry, type ActivityPage } from '../../lib/activity/index.ts';
import { iso, microToUsd } from '../../lib/money.ts';

/**
 * The holdings' entries in the player's history (decision 0042): sales (seller_proceeds),
 * referral rewards and penguin earnings, each by the time it was credited.
 */

const dollars = (micro: string) => `$${microToUsd(micro).toFixed(2)}`;

type SaleRow = { id: string | number; at: Date | string; name: string | null; price: string; fee: string; net: string };

/** What the player sold on the marketplace: the net they were credited, with price and fee. */
export async function salesActivity(db: DbOrTx, userId: string, page: ActivityPage): Promise<ActivityEntry[]> {
  const rows = await queryRows<SaleRow>(
    db,
    sql`SELECT p.id, p.created_at AS at, l.name, p.price_micro::text AS price, p.fee_micro::text AS fee, p.net_micro::text AS net
        FROM seller_proceeds p LEFT JOIN order_lines l ON l.id = p.order_line_id
        WHERE p.user_id = ${userId} AND ${olderThan('sale', sql`p.created_at`, sql`p.id`, page.before)}
        ORDER BY ${activityOrder(sql`p.created_at`, sql`p.id`)} LIMIT ${page.limit}`,
  );
  return rows.map((r) => ({
    kind: 'sale',
    id: Number(r.id),
    at: new Date(iso(r.at)),
    title: `You sold ${r.name ?? 'a listing'}`,
    detail: `Sold for ${dollars(r.price)}; the marketplace fee was ${dollars(r.fee)}`,
    direction: 'in',
    usdMicro: BigInt(r.net),
    dnc: null,
    link: '/my-assets/spaceships-selling',
  }));
}

type RewardRow = { id: string | number; at: Date | string; buyer: string | null; reward: string; share_bps: number };

/** What the player earned from the orders of players who came with their link. */
export async function referralRewardsActivity(db: DbOrTx, userId: string, page: ActivityPage): Promise<ActivityEntry[]> {
  const rows = await queryRows<RewardRow>(
    db,
    sql`SELECT r.id, r.created_at AS at, u.username AS buyer, r.reward_micro::text AS reward, r.share_bps
        FROM referral_rewards r LEFT JOIN users u ON u.id = r.buyer_id
        WHERE r.referrer_id = ${userId} AND ${olderThan('referral_reward', sql`r.created_at`, sql`r.id`, page.before)}
        ORDER BY ${activityOrder(sql`r.created_at`, sql`r.id`)} LIMIT ${page.limit}`,
  );
  return rows.map((r) => ({
    kind: 'referral_reward',
    id: Number(r.id),
    at: new Date(iso(r.at)),
    title: `Referral reward: ${r.buyer ?? 'a player you referred'} paid an order`,
    detail: `Your share: ${Number(r.share_bps) / 100}% of what the order charged`,
    direction: 'in',
    usdMicro: BigInt(r.reward),
    dnc: null,
    link: '/dashboard?tab=affiliates',
  }));
}

type CollectRow = { id: string | number; at: Date | string; amount: string | number; day: Date | string };

/** The DNC the player collected from their penguins, once a day at most. Empty collects are left out. */
export async function penguinEarningsActivity(db: DbOrTx, userId: string, page: ActivityPage): Promise<ActivityEntry[]> {
  const rows = await queryRows<CollectRow>(
    db,
    sql`SELECT c.id, c.created_at AS at, c.amount, c.day::text AS day
        FROM penguin_collections c
        WHERE c.user_id = ${userId} AND c.amount > 0 AND ${olderThan('penguin_earnings', sql`c.created_at`, sql`c.id`, page.before)}
        ORDER BY ${activityOrder(sql`c.created_at`, sql`c.id`)} LIMIT ${page.limit}`,
  );
  return rows.map((r) => ({
    kind: 'penguin_earnings',
    id: Number(r.id),
    at: new Date(iso(r.at)),
    title: 'You collected your penguins’ DNC',
    detail: `Collected for ${String(r.day).slice(0, 10)}`,
    direction: 'in',
    usdMicro: null,
    dnc: Number(r.amount),
    link: '/my/penguins',
  }));
}
