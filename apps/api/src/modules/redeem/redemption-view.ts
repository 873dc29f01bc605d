import type { Redemption } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { activityOrder, olderThan, type ActivityPage } from '../../lib/activity/index.ts';
import { iso } from '../../lib/money.ts';

type Row = {
  id: string;
  code_hint: string;
  kind: 'dnc' | 'ship';
  dnc_amount: string | number | null;
  ship_id: number | null;
  ship_name: string | null;
  owned_ship_id: string | null;
  redeemed_at: Date | string;
};

const grantedText = (r: Row): string =>
  r.kind === 'dnc' ? `${Number(r.dnc_amount).toLocaleString('en-US')} DNC` : `the ship ${r.ship_name ?? `#${r.ship_id}`}`;

function view(r: Row): Redemption {
  return {
    _id: r.id,
    code_hint: r.code_hint,
    kind: r.kind,
    dnc: r.kind === 'dnc' ? Number(r.dnc_amount) : null,
    ship:
      r.kind === 'ship' && r.owned_ship_id !== null
        ? { asset_id: r.owned_ship_id, ship_id: Number(r.ship_id), name: r.ship_name ?? '' }
        : null,
    granted: grantedText(r),
    redeemed_at: new Date(r.redeemed_at).toISOString(),
  };
}

const SELECT = sql`SELECT r.id::text AS id, c.code_hint, r.kind, r.dnc_amount, r.ship_id, s.name AS ship_name,
                          r.owned_ship_id::text AS owned_ship_id, r.redeemed_at
                   FROM redeem_redemptions r JOIN redeem_codes c ON c.id = r.code_id LEFT JOIN ships s ON s.id = r.ship_id`;

/** One of the player's redemptions; undefined when it is not theirs. */
export async function redemptionOf(db: DbOrTx, userId: string, id: number): Promise<Redemption | undefined> {
  const [row] = await queryRows<Row>(db, sql`${SELECT} WHERE r.id = ${id} AND r.user_id = ${userId}`);
  return row && view(row);
}

/** The player's redemptions, newest first. */
export async function redemptionsOf(db: DbOrTx, userId: string, limit: number): Promise<Redemption[]> {
  const rows = await queryRows<Row>(db, sql`${SELECT} WHERE r.user_id = ${userId} ORDER BY r.redeemed_at DESC, r.id DESC LIMIT ${limit}`);
  return rows.map(view);
}

/** The player's redemptions older than `before` (cursor order of decision 0042), newest first. */
export async function redemptionsBefore(db: DbOrTx, userId: string, page: ActivityPage): Promise<{ id: number; at: Date; redemption: Redemption }[]> {
  const rows = await queryRows<Row>(
    db,
    sql`${SELECT} WHERE r.user_id = ${userId} AND ${olderThan('redeem', sql`r.redeemed_at`, sql`r.id`, page.before)}
        ORDER BY ${activityOrder(sql`r.redeemed_at`, sql`r.id`)} LIMIT ${page.limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), at: new Date(iso(r.redeemed_at)), redemption: view(r) }));
}
