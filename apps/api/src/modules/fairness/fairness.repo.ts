import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/**
 * Openings as the fairness calls show them. The server seed is selected only for a pair that
 * has been revealed: an active pair's seed never leaves the database through these queries.
 */
export type OpeningRow = {
  id: string;
  box_code: string;
  box_name: string;
  opened_at: Date | string;
  server_seed_hash: string;
  server_seed: string | null;
  client_seed: string;
  nonce: number;
  roll: number;
  rarity: number;
  odds_common_bps: number;
  odds_rare_bps: number;
  odds_epic_bps: number;
  odds_legendary_bps: number;
  ship_id: string;
  ship_name: string;
  ship_rarity: number;
  ship_element: number;
  ship_art_seed: number;
};

const COLUMNS = sql`o.id::text AS id, o.box_code, b.name AS box_name, o.opened_at, p.server_seed_hash,
  CASE WHEN p.revealed_at IS NOT NULL THEN p.server_seed END AS server_seed, p.client_seed, o.nonce, o.roll, o.rarity,
  o.odds_common_bps, o.odds_rare_bps, o.odds_epic_bps, o.odds_legendary_bps,
  s.id::text AS ship_id, s.name AS ship_name, s.rarity AS ship_rarity, s.element AS ship_element, s.art_seed AS ship_art_seed`;

const FROM = sql`FROM blind_box_openings o
  JOIN fairness_seeds p ON p.id = o.seed_id
  JOIN blind_boxes b ON b.code = o.box_code
  JOIN ships s ON s.id = o.ship_id`;

const select = (extra: SQL, where: SQL, tail: SQL = sql``) => sql`SELECT ${COLUMNS}${extra} ${FROM} ${where} ${tail}`;

/** The player's openings, newest first, with the order each box came with (null: a redeem code's box). */
export async function listOwned(
  db: DbOrTx,
  userId: string,
  page: number,
  limit: number,
): Promise<{ rows: (OpeningRow & { order_code: string | null })[]; total: number }> {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM blind_box_openings WHERE user_id = ${userId}`,
  );
  const total = Number(count?.n ?? 0);
  if ((page - 1) * limit >= total) return { rows: [], total };
  const rows = await queryRows<OpeningRow & { order_code: string | null }>(
    db,
    select(
      sql`, ord.code AS order_code`,
      sql`LEFT JOIN order_lines l ON l.id = o.order_line_id LEFT JOIN orders ord ON ord.id = l.order_id WHERE o.user_id = ${userId}`,
      sql`ORDER BY o.opened_at DESC, o.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
  );
  return { rows, total };
}

/** One opening by id, whoever opened it. */
export async function findById(db: DbOrTx, id: string): Promise<OpeningRow | undefined> {
  const [row] = await queryRows<OpeningRow>(db, select(sql``, sql`WHERE o.id = ${id}::bigint`));
  return row;
}

/** The openings of these order lines (their owner's), by line then box. */
export async function listOfOrderLines(
  db: DbOrTx,
  orderLineIds: number[],
): Promise<(OpeningRow & { order_line_id: string })[]> {
  if (orderLineIds.length === 0) return [];
  const ids = sql.join(
    orderLineIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<OpeningRow & { order_line_id: string }>(
    db,
    select(sql`, o.order_line_id::text AS order_line_id`, sql`WHERE o.order_line_id IN (${ids})`, sql`ORDER BY o.order_line_id, o.box_index`),
  );
}

/** The openings of these redemptions, by redemption then box. */
export async function listOfRedemptions(
  db: DbOrTx,
  redemptionIds: number[],
): Promise<(OpeningRow & { redemption_id: string })[]> {
  if (redemptionIds.length === 0) return [];
  const ids = sql.join(
    redemptionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<OpeningRow & { redemption_id: string }>(
    db,
    select(sql`, o.redemption_id::text AS redemption_id`, sql`WHERE o.redemption_id IN (${ids})`, sql`ORDER BY o.redemption_id, o.box_index`),
  );
}
