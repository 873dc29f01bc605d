import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';

/** Container-house unit pieces a player holds (owned_house_pieces), one row per grant. */

export type HousePieceGrant = {
  userId: string;
  apartment: number;
  pieces: number;
  orderLineId?: number | null;
  /** what the player paid per piece, USD micro-units; null: granted */
  paidMicro?: bigint | null;
};
export type OwnedHousePiece = { id: number; apartment: number; pieces: number };

/**
 * Grants `pieces` pieces of an apartment. A grant from an order line is unique per line:
 * granting it again writes nothing and returns the first grant.
 */
export async function grantHousePieces(tx: Tx, g: HousePieceGrant): Promise<OwnedHousePiece> {
  if (!Number.isInteger(g.pieces) || g.pieces <= 0) throw new RangeError(`pieces is a whole number above 0, not ${g.pieces}`);
  const line = g.orderLineId ?? null;
  const [inserted] = await queryRows<{ id: string | number; apartment: number; pieces: number }>(
    tx,
    sql`INSERT INTO owned_house_pieces (user_id, apartment, pieces, order_line_id, paid_micro)
        VALUES (${g.userId}, ${g.apartment}, ${g.pieces}, ${line}, ${g.paidMicro?.toString() ?? null}::bigint)
        ON CONFLICT (order_line_id) DO NOTHING RETURNING id, apartment, pieces`,
  );
  const row =
    inserted ??
    (
      await queryRows<{ id: string | number; apartment: number; pieces: number }>(
        tx,
        sql`SELECT id, apartment, pieces FROM owned_house_pieces WHERE order_line_id = ${line}`,
      )
    )[0];
  if (!row) throw new Error(`owned_house_pieces: order line ${line} neither granted nor found`);
  return { id: Number(row.id), apartment: Number(row.apartment), pieces: Number(row.pieces) };
}

/**
 * The player's grants with what is still off chain in each (decision 0051): an apartment's
 * withdrawals (not returned) use up its grants oldest first, so the newest grants keep their
 * pieces. Rows with nothing left are dropped. Columns: id, user_id, apartment, pieces, paid_micro,
 * acquired_at — a drop-in for `owned_house_pieces` in a query.
 */
export function offChainHousePieces(userId: string): SQL {
  return sql`(SELECT g.id, g.user_id, g.apartment, g.paid_micro, g.acquired_at,
                     LEAST(g.pieces, g.upto - COALESCE(w.withdrawn, 0))::int AS pieces
              FROM (SELECT p.*, sum(p.pieces) OVER (PARTITION BY p.apartment ORDER BY p.acquired_at, p.id) AS upto
                    FROM owned_house_pieces p WHERE p.user_id = ${userId}) g
              LEFT JOIN (SELECT apartment, sum(pieces) AS withdrawn FROM house_piece_withdrawals
                         WHERE user_id = ${userId} AND status <> 'returned' GROUP BY apartment) w ON w.apartment = g.apartment
              WHERE g.upto - COALESCE(w.withdrawn, 0) > 0)`;
}

/** How many pieces of each apartment the player holds off chain (granted, less those withdrawn to the wallet). */
export async function housePiecesOf(db: DbOrTx, userId: string): Promise<{ apartment: number; pieces: number }[]> {
  const rows = await queryRows<{ apartment: number; pieces: number }>(
    db,
    sql`SELECT apartment, sum(pieces)::int AS pieces FROM ${offChainHousePieces(userId)} held GROUP BY apartment ORDER BY apartment`,
  );
  return rows.map((r) => ({ apartment: Number(r.apartment), pieces: Number(r.pieces) }));
}
