import type { PublicOpening, Redemption } from '@starport/schemas';
import { RARITY_NAMES } from '@starport/schemas/fairness';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import type { RedeemGrantKind } from '../../db/schema/index.ts';
import { activityOrder, olderThan, type ActivityPage } from '../../lib/activity/index.ts';
import { iso } from '../../lib/money.ts';
import { openingsByRedemption } from '../fairness/index.ts';

type Row = {
  id: string;
  code_hint: string;
  kind: RedeemGrantKind;
  dnc_amount: string | number | null;
  ship_id: number | null;
  ship_name: string | null;
  owned_ship_id: string | null;
  box_code: string | null;
  box_name: string | null;
  box_count: number | null;
  redeemed_at: Date | string;
};

/** "Vega Hawk (Rare)", "A (Common), B (Rare) and C (Epic)". */
function shipsGiven(openings: PublicOpening[]): string {
  const named = openings.map((o) => `${o.ship.name} (${RARITY_NAMES[o.ship.rarity] ?? 'unknown rarity'})`);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : (named[0] ?? 'nothing yet');
}

function grantedText(r: Row, openings: PublicOpening[]): string {
  if (r.kind === 'dnc') return `${Number(r.dnc_amount).toLocaleString('en-US')} DNC`;
  if (r.kind === 'ship') return `the ship ${r.ship_name ?? `#${r.ship_id}`}`;
  const boxes = Number(r.box_count) === 1 ? `the ${r.box_name}` : `${r.box_count} × ${r.box_name}`;
  return `${boxes}, which gave ${shipsGiven(openings)}`;
}

function view(r: Row, openings: PublicOpening[]): Redemption {
  return {
    _id: r.id,
    code_hint: r.code_hint,
    kind: r.kind,
    dnc: r.kind === 'dnc' ? Number(r.dnc_amount) : null,
    ship:
      r.kind === 'ship' && r.owned_ship_id !== null
        ? { asset_id: r.owned_ship_id, ship_id: Number(r.ship_id), name: r.ship_name ?? '' }
        : null,
    box:
      r.kind === 'blindbox'
        ? { code: r.box_code ?? '', name: r.box_name ?? '', count: Number(r.box_count), openings }
        : null,
    granted: grantedText(r, openings),
    redeemed_at: new Date(r.redeemed_at).toISOString(),
  };
}

const SELECT = sql`SELECT r.id::text AS id, c.code_hint, r.kind, r.dnc_amount, r.ship_id, s.name AS ship_name,
                          r.owned_ship_id::text AS owned_ship_id, r.box_code, b.name AS box_name, r.box_count, r.redeemed_at
                   FROM redeem_redemptions r JOIN redeem_codes c ON c.id = r.code_id LEFT JOIN ships s ON s.id = r.ship_id
                   LEFT JOIN blind_boxes b ON b.code = r.box_code`;

/** The rows as the player sees them, each box redemption with its openings (fairness). */
async function views(db: DbOrTx, rows: Row[]): Promise<Redemption[]> {
  const boxIds = rows.filter((r) => r.kind === 'blindbox').map((r) => Number(r.id));
  const openings = await openingsByRedemption(db, boxIds);
  return rows.map((r) => view(r, openings.get(Number(r.id)) ?? []));
}

/** One of the player's redemptions; undefined when it is not theirs. */
export async function redemptionOf(db: DbOrTx, userId: string, id: number): Promise<Redemption | undefined> {
  const rows = await queryRows<Row>(db, sql`${SELECT} WHERE r.id = ${id} AND r.user_id = ${userId}`);
  return (await views(db, rows))[0];
}

/** The player's redemptions, newest first. */
export async function redemptionsOf(db: DbOrTx, userId: string, limit: number): Promise<Redemption[]> {
  const rows = await queryRows<Row>(db, sql`${SELECT} WHERE r.user_id = ${userId} ORDER BY r.redeemed_at DESC, r.id DESC LIMIT ${limit}`);
  return views(db, rows);
}

/** The player's redemptions older than `before` (cursor order of decision 0042), newest first. */
export async function redemptionsBefore(db: DbOrTx, userId: string, page: ActivityPage): Promise<{ id: number; at: Date; redemption: Redemption }[]> {
  const rows = await queryRows<Row>(
    db,
    sql`${SELECT} WHERE r.user_id = ${userId} AND ${olderThan('redeem', sql`r.redeemed_at`, sql`r.id`, page.before)}
        ORDER BY ${activityOrder(sql`r.redeemed_at`, sql`r.id`)} LIMIT ${page.limit}`,
  );
  const redemptions = await views(db, rows);
  return rows.map((r, i) => ({ id: Number(r.id), at: new Date(iso(r.redeemed_at)), redemption: redemptions[i]! }));
}
